import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(.timeLimit(.minutes(3))) struct PseudoTerminalTests {
    @Test func pseudoTerminalGivesTheChildATerminalOfTheChosenSize() async throws {
        let terminal = try PseudoTerminal(
            product: "pty-echo-fixture", size: .init(columns: 44, rows: 10))
        try await terminal.screen(showing: "Size: 44×10")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    @Test func waitingForMissingTextTimesOutShowingTheScreen() async throws {
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try await terminal.screen(showing: "PTY echo fixture")
        await #expect {
            try await terminal.screen(showing: "text that never appears", timeout: 0.3)
        } throws: { error in
            "\(error)".contains("Timed out") && "\(error)".contains("PTY echo fixture")
        }
        terminal.terminate()
        #expect(try terminal.waitForExit() == 143)
    }

    /// Once nothing holds the terminal (the program exited and this process let its side go),
    /// the reader reads what is left and ends, instead of looking again every 20 ms for as long
    /// as the terminal lives.
    @Test func theOutputReaderEndsWhenNothingHoldsTheTerminal() async throws {
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try await terminal.screen(showing: "PTY echo fixture")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.outputHasEnded, "this process still holds the terminal")
        terminal.releaseSlaveSide()
        try await eventually("the reader to see the hang-up and end") { terminal.outputHasEnded }
    }

    @Test func programThatCannotStartThrowsAndSignalsNothing() {
        #expect(throws: TestSupportError.self) {
            try PseudoTerminal(executableURL: URL(fileURLWithPath: "/nonexistent/program"))
        }
    }

    @Test func sendsSpecialKeysAsTerminalsDo() async throws {
        #expect(PseudoTerminal.Keys.ctrl("c") == PseudoTerminal.Keys.ctrlC)
        #expect(PseudoTerminal.Keys.ctrl("D") == "\u{04}")
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try await terminal.screen(showing: "PTY echo fixture")
        try terminal.send(PseudoTerminal.Keys.delete)
        try await terminal.screen(showing: "Last key: delete")
        try terminal.send(PseudoTerminal.Keys.ctrl("d"))
        try await terminal.screen(showing: "Last key: ctrl(\"d\")")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func exitStatusAfterAKillIsOneHundredTwentyEightPlusTheSignal() async throws {
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try await terminal.screen(showing: "PTY echo fixture")
        terminal.terminate(signal: SIGKILL)
        #expect(try terminal.waitForExit() == 128 + SIGKILL)
        #expect(!terminal.terminalModesRestored, "SIGKILL can't be caught, so raw mode stays on")
    }

    @Test func childSeesTerminalsAndGetsItsEnvironment() throws {
        let terminal = try PseudoTerminal(
            product: "pty-echo-fixture", arguments: ["--report"], environment: ["FIXTURE_VALUE": "pty"])
        #expect(try terminal.waitForExit() == 0)
        let text = terminal.outputText
        #expect(text.contains("terminals: stdin true, stdout true"))
        #expect(text.contains("FIXTURE_VALUE: pty"))
        #expect(terminal.terminalModesRestored)
    }
}

@Suite(.timeLimit(.minutes(3))) struct ReadinessTests {
    @Test(arguments: [false, true])
    func readinessFollowsThePipe(useSelect: Bool) {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { _ = fds.map { close($0) } }
        func ready() -> Bool {
            useSelect
                ? selectReadable(fds[0], withinMilliseconds: 10) : isReadable(fds[0], withinMilliseconds: 10)
        }
        #expect(!ready())
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        #expect(ready())
    }
}
