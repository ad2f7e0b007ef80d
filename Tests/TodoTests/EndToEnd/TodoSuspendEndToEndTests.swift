#if os(Linux)
    import Foundation
    import TestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Job control in the built `todo`: Ctrl-Z and SIGTSTP give the terminal back and stop the
    /// app; SIGCONT (`fg`) takes the terminal again, in raw mode, and draws the screen again.
    @Suite(.timeLimit(.minutes(5))) struct TodoSuspendEndToEndTests {
        private func suspendsAndResumes(_ suspend: (PseudoTerminal) throws -> Void) async throws {
            let sandbox = try TodoSandbox()
            defer { sandbox.remove() }
            try sandbox.run("add", "Walk the dog")
            let terminal = try PseudoTerminal(
                product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 70, rows: 16))
            try await terminal.screen(showing: "[ ] Walk the dog")
            let pid = terminal.processIdentifier

            try suspend(terminal)
            try await eventually("todo to stop") { terminal.isStopped }
            // Stopped with the terminal given back: the shell's modes, main screen, cursor.
            try await eventually("the terminal to be given back") {
                !terminal.screen.isAlternateScreenActive
            }
            try terminal.verifyTerminalRestored()

            kill(pid, SIGCONT)
            try await eventually("the screen to come back") {
                terminal.screen.isAlternateScreenActive && terminal.screen.contains("[ ] Walk the dog")
            }
            #expect(!terminal.terminalModesRestored, "raw mode again after fg")
            // A key without Enter arrives: raw mode is back.
            try terminal.send(" ")
            try await terminal.screen(showing: "[x] Walk the dog")
            try terminal.send("q")
            #expect(try terminal.waitForExit() == 0)
            try terminal.verifyTerminalRestored()
        }

        @Test func ctrlZStopsAndFgResumes() async throws {
            try await suspendsAndResumes { try $0.send(PseudoTerminal.Keys.ctrl("z")) }
        }

        @Test func sigtstpStopsAndSigcontResumes() async throws {
            try await suspendsAndResumes { kill($0.processIdentifier, SIGTSTP) }
        }
    }
#endif
