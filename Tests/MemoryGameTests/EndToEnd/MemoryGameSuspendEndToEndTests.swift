#if os(Linux)
    import Foundation
    import TerminalUI
    import TestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Ctrl-Z in the built `memory-game`: the terminal is given back while it is stopped, and
    /// `fg` (SIGCONT) draws the menu again in raw mode.
    @Suite(.timeLimit(.minutes(5))) struct MemoryGameSuspendEndToEndTests {
        @Test func ctrlZStopsAndFgRedraws() async throws {
            let temporary = try TemporaryDirectory(prefix: "memory-game-suspend")
            let terminal = try PseudoTerminal(
                product: "memory-game", arguments: ["--offline", "--seed", "1"],
                environment: ["XDG_DATA_HOME": temporary.url.path, "NO_COLOR": "1"],
                size: TerminalSize(columns: 80, rows: 24))
            try await terminal.screen(showing: "› New Game")

            try terminal.send(PseudoTerminal.Keys.ctrl("z"))
            try await eventually("memory-game to stop") { terminal.isStopped }
            try await eventually("the terminal to be given back") { !terminal.screen.isAlternateScreenActive }
            try terminal.verifyTerminalRestored()

            kill(terminal.processIdentifier, SIGCONT)
            try await eventually("the menu to come back") {
                terminal.screen.isAlternateScreenActive && terminal.screen.contains("› New Game")
            }
            try terminal.send("q")
            #expect(try terminal.waitForExit() == 0)
            try terminal.verifyTerminalRestored()
        }
    }
#endif
