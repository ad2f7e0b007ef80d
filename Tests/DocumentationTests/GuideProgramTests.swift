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
            /// Files (name: contents) in the folder the program starts in, which is its `TMPDIR`.
            var files: [String: String] = [:]
            /// Variables added to its environment; `$FOLDER` in a value is that folder's path.
            var environment: [String: String] = [:]
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

        static let persisting =
            "Sources/ReSwiftPersistence/ReSwiftPersistence.docc/Articles/PersistingState.md"

        static let inspecting =
            "Sources/ReSwiftDevTools/ReSwiftDevTools.docc/Articles/InspectingARunningApp.md"
        static let readme = "README.md"

        static let testing = "Sources/ReSwiftTesting/ReSwiftTesting.docc/Articles/TestingWithTestStore.md"

        static let gettingStarted = "Sources/ReSwift/ReSwift.docc/Articles/GettingStarted.md"
        static let derivedState = "Sources/ReSwift/ReSwift.docc/DerivedStateAndProfiling.md"

        static let programs = [
            Program(page: gettingStarted, index: 0, printsWhatItsCommentsSay: true),
            // Selectors compute once per change, for every view; the instrumentation reports
            // what went over its budget. The page prints the recomputations (its comment says 1),
            // then its closure subscription the count shown, before and after its AddTodo.
            Program(
                page: derivedState, index: 0, checks: "ReSwift-DerivedStateAndProfiling.swift",
                standardOutputStartsWith: "1\n0 shown\n1 shown\n"),
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
            // Persisting State: each program finds in its folder (FileManager's temporary
            // directory) the file its part of the page is about.
            Program(page: persisting, index: 0, checks: "ReSwiftPersistence-ChooseTheFile.swift"),
            Program(
                page: persisting, index: 1, checks: "ReSwiftPersistence-RefuseABadFile.swift",
                files: ["todos.json": "{ cut sh"],
                outputHolds: [
                    "It was left untouched",
                    "Run `todo reset-file` to set it aside and start a new list.\nMoved the old list to ",
                ]),
            Program(
                page: persisting, index: 2, checks: "ReSwiftPersistence-Restore.swift",
                files: [
                    "todos.json": #"{"schemaVersion": 1, "value": [{"title": "Buy milk", "done": false}]}"#
                ]),
            Program(
                page: persisting, index: 3, checks: "ReSwiftPersistence-SetAsideAndRebuild.swift",
                outputHolds: ["status line: ", "todos.json.moved-"]),
            Program(page: persisting, index: 4, checks: "ReSwiftPersistence-StatePersister.swift"),
            Program(
                page: persisting, index: 5, checks: "ReSwiftPersistence-Migration.swift",
                files: [
                    "todos.json": #"{"schemaVersion": 1, "value": [{"name": "Buy milk", "done": false}]}"#
                ]),
            // Log actions and their changes: what the page shows.
            Program(page: devTools, index: 0, printsTextBlockStartingWith: "▸ AddTodo"),
            Program(page: devTools, index: 1, checks: "ReSwiftDevTools-Record.swift"),
            Program(page: inspecting, index: 0, checks: "ReSwiftDevTools-InspectorOff.swift"),
            Program(
                page: inspecting, index: 1, checks: "ReSwiftDevTools-InspectorTimeTravel.swift",
                environment: ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": "$FOLDER"]),
            // Travel in time: the view renders each state the page's comments name, and the
            // logger of its last block logs the current state's changes.
            Program(
                page: devTools, index: 5, checks: "ReSwiftDevTools-TimeTravelLogger.swift",
                standardOutputStartsWith: "0 todos\n1 todos\n0 todos\n1 todos\n0 todos\n",
                outputHolds: [
                    "▸ AddTodo(title: \"milk\")\n  + todos[0]: Todo(title: \"milk\", isDone: false)",
                    "▸ StepBack()\n  - todos[0]: Todo(title: \"milk\", isDone: false)",
                ]),
            // README.md's program of each module.
            Program(page: readme, index: 0, standardOutputStartsWith: "count: 0\ncount: 1\n"),
            Program(page: readme, index: 1, checks: "README-ReSwiftThunk.swift"),
            Program(page: readme, index: 2, checks: "README-ReSwiftRouter.swift"),
            Program(
                page: readme, index: 3, checks: "README-ReSwiftPersistence.swift",
                files: ["todos.json": #"{"schemaVersion": 1, "value": [{"title": "Buy milk"}]}"#]),
            // The log its comment shows.
            Program(
                page: readme, index: 4, checks: "README-ReSwiftDevTools.swift",
                outputHolds: [
                    "▸ AddTodo(title: \"milk\")\n  + todos[0]: Todo(title: \"milk\", isDone: false)"
                ]),
            Program(
                page: readme, index: 5, checks: "README-ReSwiftTesting.swift",
                outputHolds: ["Test searchFinishes() passed"]),
        ]

        @Test(arguments: programs)
        func theProgramRunsAndItsChecksPass(_ program: Program) throws {
            let document = try #require(SnippetDocument(relativePath: program.page))
            let folder = try TemporaryDirectory()
            for (name, contents) in program.files { try Data(contents.utf8).write(to: folder.file(name)) }
            let run = try SnippetProgram(document: document, index: program.index, checks: program.checks)
                .run(
                    in: folder,
                    environment: program.environment.mapValues {
                        $0.replacingOccurrences(of: "$FOLDER", with: folder.path)
                    })
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

        static let terminal = "Support/TerminalUI/TerminalUI.docc/Articles/BuildingATerminalApp.md"

        /// The terminal guide's counter, as the page writes it, under a pseudo-terminal: the arrow
        /// keys change the count on the screen, q quits and restores the terminal, then the
        /// checks of its view pass.
        @Test func theTerminalGuidesCounterRunsInATerminal() async throws {
            let document = try #require(SnippetDocument(relativePath: Self.terminal))
            let folder = try TemporaryDirectory()
            let program = SnippetProgram(
                document: document, index: 0, checks: "TerminalUI-BuildingATerminalApp.swift")
            let terminal = try PseudoTerminal(
                executableURL: try program.build(in: folder), environment: ["TMPDIR": folder.path],
                workingDirectory: folder.url)
            try await terminal.screen(showing: "Count: 0")
            typealias Keys = PseudoTerminal.Keys
            try terminal.send(Keys.up + Keys.up + Keys.down + Keys.up)
            try await terminal.screen(showing: "Count: 2")
            try terminal.send("q")
            #expect(try terminal.waitForExit(timeout: 30) == 0, "\(terminal.outputText)")
            try terminal.verifyTerminalRestored()
            #expect(
                terminal.outputText.contains("theViewIsAFunctionOfStateAndSize() passed"),
                "\(terminal.outputText)")
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
