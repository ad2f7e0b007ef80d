#if os(Linux) || os(macOS)
    import Foundation
    import Testing

    /// Pages a reader copies from, top to bottom: every definition their code uses is shown, none
    /// is hidden in a `<!-- snippet: given` comment, so the visible blocks alone compile
    /// (DocumentationSnippetTests compiles them in order).
    @Suite struct CopiedFromTheTopTests {
        static let pages = [
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
    }
#endif
