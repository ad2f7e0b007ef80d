#if os(Linux)
    import Foundation
    import TestSupport
    import Testing

    /// The guides' code runs and does what the guides say: each program of a page (as
    /// DocumentationSnippetTests compiles it), built and run with the checks of
    /// `Checks/<file>` after it (see ``SnippetProgram``). The code is the page's own; the checks
    /// only use it.
    @Suite(.serialized, .timeLimit(.minutes(10))) struct GuideProgramTests {
        struct Program: Sendable, CustomTestStringConvertible {
            var page: String
            /// Which of the page's programs, from 0.
            var index: Int
            var checks: String?
            /// A ```text block of the page, by its first line, that the program's standard error
            /// must hold.
            var printsTextBlockStartingWith: String?
            /// What its standard output must start with.
            var standardOutputStartsWith: String?
            /// What its output (standard output and error) must hold.
            var outputHolds: [String] = []
            /// Whether its standard output must be what the comments of its `print` lines say,
            /// `print(store.state.count)  // 2`, one line each (a quoted string prints unquoted).
            var printsWhatItsCommentsSay = false

            var testDescription: String { "\(page), program \(index)" }
        }

        static let usingThunks = "Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/UsingThunks.md"
        static let effects = "Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/Effects.md"

        static let router = "Sources/ReSwiftRouter/ReSwiftRouter.docc/Articles/GettingStarted.md"
        static let devTools = "Sources/ReSwiftDevTools/ReSwiftDevTools.docc/Articles/DebuggingWithDevTools.md"

        static let testing = "Sources/ReSwiftTesting/ReSwiftTesting.docc/Articles/TestingWithTestStore.md"

        static let gettingStarted = "Sources/ReSwift/ReSwift.docc/Articles/GettingStarted.md"

        static let programs = [
            Program(page: gettingStarted, index: 0, printsWhatItsCommentsSay: true),
            // The thunk a thunk dispatches runs: the page's logging middleware shows it.
            Program(
                page: usingThunks, index: 0, checks: "ReSwiftThunk-UsingThunks.swift",
                outputHolds: ["▸ ChangeCategory(index: 2)", "▸ SongsLoaded(index: 2)"]),
            Program(page: effects, index: 0, checks: "ReSwiftThunk-Effects-CancelByID.swift"),
            Program(page: effects, index: 1, checks: "ReSwiftThunk-Effects-Clock.swift"),
            Program(page: effects, index: 2, checks: "ReSwiftThunk-Effects-Listeners.swift"),
            // The page's own tests run, and pass.
            Program(
                page: testing, index: 0, checks: "ReSwiftTesting-TestingWithTestStore.swift",
                outputHolds: [
                    "Test typingAQuery() passed", "Test searching() passed",
                    "Test searchingFindsABook() passed",
                    "Test fetchingAUser() passed", "Test theTopLevelExamplesGotWhatTheyCheck() passed",
                ]),
            Program(page: router, index: 0, checks: "ReSwiftRouter-GettingStarted.swift"),
            // Log actions and their changes: what the page shows.
            Program(page: devTools, index: 0, printsTextBlockStartingWith: "▸ AddTodo"),
            Program(page: devTools, index: 1, checks: "ReSwiftDevTools-Record.swift"),
            // Travel in time: the view renders each state the page's comments name, and the
            // logger of its last block logs the current state's changes.
            Program(
                page: devTools, index: 5, checks: "ReSwiftDevTools-TimeTravelLogger.swift",
                standardOutputStartsWith: "0 todos\n1 todos\n0 todos\n1 todos\n0 todos\n",
                outputHolds: [
                    "▸ AddTodo(title: \"milk\")\n  + todos[0]: Todo(title: \"milk\", isDone: false)",
                    "▸ StepBack()\n  - todos[0]: Todo(title: \"milk\", isDone: false)",
                ]),
        ]

        @Test(arguments: programs)
        func theProgramRunsAndItsChecksPass(_ program: Program) throws {
            let document = try #require(SnippetDocument(relativePath: program.page))
            let folder = try TemporaryDirectory()
            let run = try SnippetProgram(document: document, index: program.index, checks: program.checks)
                .run(in: folder)
            #expect(
                run.status == 0,
                """
                \(program.testDescription) failed (status \(run.status)):
                \(run.standardOutput)
                \(run.standardError)
                """)
            if let output = program.standardOutputStartsWith {
                #expect(run.standardOutput.hasPrefix(output), "\(run.standardOutput)")
            }
            for text in program.outputHolds {
                #expect((run.standardOutput + run.standardError).contains(text), "\(run.standardError)")
            }
            if program.printsWhatItsCommentsSay {
                let said = Self.printedComments(in: document.programs[program.index])
                #expect(!said.isEmpty, "\(program.page) has no commented print")
                #expect(run.standardOutput == said.map { $0 + "\n" }.joined())
            }
            if let first = program.printsTextBlockStartingWith {
                let block = try #require(try Self.textBlock(startingWith: first, in: program.page))
                #expect(run.standardError.contains(block), "\(run.standardError)")
            }
        }

        /// What the comments of the `print` lines of `blocks` say they print, in order.
        static func printedComments(in blocks: [SnippetBlock]) -> [String] {
            blocks.filter { !$0.isGiven }.flatMap(\.lines).compactMap { line -> String? in
                guard line.hasPrefix("print("), let range = line.range(of: "  // ") else { return nil }
                let said = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
                let quoted =
                    said.count >= 2 && said.hasPrefix("\"") && said.hasSuffix("\"")
                    && !said.dropFirst().dropLast().contains("\"")
                return quoted ? String(said.dropFirst().dropLast()) : said
            }
        }

        /// The lines of the page's first ```text block whose first line starts with `start`.
        static func textBlock(startingWith start: String, in page: String) throws -> String? {
            let text = try String(
                contentsOf: SnippetDocument.root.appendingPathComponent(page), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated()
            where line.trimmingCharacters(in: .whitespaces) == "```text" && index + 1 < lines.count
                && lines[index + 1].hasPrefix(start)
            {
                let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.endIndex
                return lines[(index + 1)..<end].joined(separator: "\n")
            }
            return nil
        }
    }
#endif
