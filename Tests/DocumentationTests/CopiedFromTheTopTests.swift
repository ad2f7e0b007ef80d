#if os(Linux) || os(macOS)
    import Foundation
    import TestSupport
    import Testing

    /// Pages a reader copies from: every definition their code uses is shown, none is hidden in a
    /// `<!-- snippet: given` comment or a file it names, so the visible blocks alone compile
    /// (DocumentationSnippetTests compiles them in order; README's each start a program).
    @Suite(.timeLimit(.minutes(5))) struct CopiedFromTheTopTests {
        static let pages = [
            "README.md",
            "Sources/ReSwift/ReSwift.docc/Articles/GettingStarted.md",
            "Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/UsingThunks.md",
        ]

        @Test(arguments: pages)
        func thePageHidesNoCode(page: String) throws {
            let document = try #require(SnippetDocument(relativePath: page))
            let hidden = document.blocks.filter { block in
                block.isGiven && block.lines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            }
            #expect(hidden.isEmpty, "\(page) hides code at lines \(hidden.map(\.firstLine))")
            #expect(document.blocks.filter { !$0.isGiven }.count > 3)
        }

        /// The Thunk guide's warning holds: a global `let` of a `Middleware` or a `Thunk` outside
        /// `main.swift` is an error in Swift 6, and the guide names both and quotes the error.
        @Test func theThunkGuideWarnsAboutMiddlewareAndThunkLets() async throws {
            let guide = try String(
                contentsOf: SnippetDocument.root.appendingPathComponent(Self.pages[2]), encoding: .utf8
            ).replacingOccurrences(of: "\n", with: " ")
            #expect(guide.contains("neither a `Thunk` nor a `Middleware` is `Sendable`"))
            #expect(guide.contains("is not concurrency-safe because non-'Sendable' type"))
            let source = """
                import ReSwift
                import ReSwiftThunk
                struct AppState {}
                let loggingMiddleware: Middleware<AppState> = { _, _ in { next in { next($0) } } }
                let refresh = Thunk<AppState> { _, _ in }
                """
            let result = try await onAThreadOfItsOwn {
                try SwiftSnippetCompiler.typeCheck(
                    file: "Library.swift", source: source,
                    arguments: ["-swift-version", "6", "-parse-as-library"])
            }
            let errors = result.diagnostics.filter { $0.contains("error:") }
            #expect(
                errors.contains { $0.contains("'loggingMiddleware' is not concurrency-safe") },
                "\(result.output)")
            #expect(errors.contains { $0.contains("'refresh' is not concurrency-safe") }, "\(result.output)")
        }
    }
#endif
