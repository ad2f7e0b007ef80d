import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the `pty-echo-fixture` program (Tests/Fixtures/PTYEcho) under a pseudo-terminal: raw mode,
/// drawing, keys, posting from another thread, resizing, and the terminal given back on every
/// way out.
@Suite(.timeLimit(.minutes(5))) struct TerminalEndToEndTests {
    private func launch(size: TerminalSize = TerminalSize(columns: 60, rows: 12)) async throws
        -> PseudoTerminal
    {
        let terminal = try PseudoTerminal(
            product: "pty-echo-fixture", environment: ["SWIFT_BACKTRACE": "enable=no"], size: size)
        try await terminal.screen(showing: "PTY echo fixture")
        return terminal
    }

    @Test func drawsEchoesKeysAndQuitsCleanly() async throws {
        let terminal = try await launch()
        let screen = try await terminal.screen(showing: "hello from a background thread")
        #expect(screen.isAlternateScreenActive)
        #expect(!screen.isCursorVisible)
        #expect(screen.contains("Size: 60×12"))
        #expect(screen.contains("日本語のテキスト: 幅 2"))
        #expect(!terminal.terminalModesRestored, "raw mode should be on while the program runs")

        try terminal.send("a")
        try await terminal.screen(showing: "Last key: character(\"a\")")
        try terminal.send(PseudoTerminal.Keys.up)
        try await terminal.screen(showing: "Last key: up")
        try terminal.send(PseudoTerminal.Keys.pageDown + "é")
        try await terminal.screen(showing: "Last key: character(\"é\")")
        try await terminal.screen(showing: "Keys received: 4")

        // A Task { @MainActor in } and a DispatchQueue.main.async block run while the app is up.
        try terminal.send("m")
        try await terminal.screen(showing: "main: ")
        try await terminal.screen(showing: "task")
        try await terminal.screen(showing: "queue")

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    @Test func loneEscapeArrivesAsEscape() async throws {
        let terminal = try await launch()
        try terminal.send(PseudoTerminal.Keys.escape)
        try terminal.send("k")  // right after: must not merge with the Esc into Alt-k
        try await terminal.screen(showing: "Last key: character(\"k\")")
        try await terminal.screen(showing: "Keys received: 2")
        try terminal.send("\u{1B}y")  // Esc and a letter at once: Alt
        try await terminal.screen(showing: "Last key: alt(\"y\")")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func textFieldEditsWideText() async throws {
        let terminal = try await launch()
        try terminal.send("i")
        try terminal.send("日本x" + PseudoTerminal.Keys.backspace + "語")
        try await terminal.screen(showing: "Field: 日本語")
        try terminal.send(PseudoTerminal.Keys.enter + "q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCQuitsAndRestores() async throws {
        let terminal = try await launch()
        try terminal.send(PseudoTerminal.Keys.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        try terminal.verifyTerminalRestored()
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalRestoresTheTerminalAndEndsTheProgram(signal: Int32) async throws {
        let terminal = try await launch()
        terminal.terminate(signal: signal)
        #expect(try terminal.waitForExit() == 128 + signal)
        try terminal.verifyTerminalRestored()
    }

    @Test func thrownErrorRestoresTheTerminal() async throws {
        let terminal = try await launch()
        try terminal.send("e")
        #expect(try terminal.waitForExit() == 1)
        try terminal.verifyTerminalRestored()
        #expect(terminal.outputText.contains("the fixture was asked to fail"))
    }

    @Test func exitWithoutRestoringIsRestoredAtExit() async throws {
        let terminal = try await launch()
        try terminal.send("x")
        #expect(try terminal.waitForExit() == 3)
        try terminal.verifyTerminalRestored()
    }

    @Test func crashRestoresTheTerminal() async throws {
        let terminal = try await launch()
        try terminal.send("f")
        let status = try terminal.waitForExit()
        #expect(status > 128, "a crash ends the program by a signal")
        try terminal.verifyTerminalRestored()
    }

    @Test func resizeRedrawsAndTooSmallSaysSo() async throws {
        let terminal = try await launch()
        terminal.resize(to: TerminalSize(columns: 50, rows: 10))
        try await terminal.screen(showing: "Size: 50×10")
        terminal.resize(to: TerminalSize(columns: 28, rows: 6))
        try await terminal.screen(showing: "needs 30×8, is 28×6")
        terminal.resize(to: TerminalSize(columns: 40, rows: 9))
        try await terminal.screen(showing: "Size: 40×9")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func withoutATerminalItSaysSoAndFails() throws {
        let run = try runProduct("pty-echo-fixture", standardInput: "q")
        #expect(run.status == 2)
        #expect(run.standardError.contains("Standard input is not a terminal"))
        #expect(run.standardOutput.isEmpty)
    }
}
