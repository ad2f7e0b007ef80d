import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct PseudoTerminalTests {
    @Test func pseudoTerminalGivesTheChildATerminalOfTheChosenSize() throws {
        let terminal = try PseudoTerminal(
            product: "pty-echo-fixture", size: .init(columns: 44, rows: 10))
        try terminal.waitForScreen(containing: "Size: 44×10")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    @Test func waitingForMissingTextTimesOutShowingTheScreen() throws {
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try terminal.waitForScreen(containing: "PTY echo fixture")
        #expect {
            try terminal.waitForScreen(containing: "text that never appears", timeout: 0.3)
        } throws: { error in
            "\(error)".contains("timed out") && "\(error)".contains("PTY echo fixture")
        }
        terminal.terminate()
        #expect(try terminal.waitForExit() == 143)
    }

    @Test func programThatCannotStartThrowsAndSignalsNothing() {
        #expect(throws: TestSupportError.self) {
            try PseudoTerminal(executableURL: URL(fileURLWithPath: "/nonexistent/program"))
        }
    }

    @Test func sendsSpecialKeysAsTerminalsDo() throws {
        #expect(PseudoTerminal.Keys.ctrl("c") == PseudoTerminal.Keys.ctrlC)
        #expect(PseudoTerminal.Keys.ctrl("D") == "\u{04}")
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try terminal.waitForScreen(containing: "PTY echo fixture")
        try terminal.send(PseudoTerminal.Keys.delete)
        try terminal.waitForScreen(containing: "Last key: delete")
        try terminal.send(PseudoTerminal.Keys.ctrl("d"))
        try terminal.waitForScreen(containing: "Last key: ctrl(\"d\")")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func exitStatusAfterAKillIsOneHundredTwentyEightPlusTheSignal() throws {
        let terminal = try PseudoTerminal(product: "pty-echo-fixture")
        try terminal.waitForScreen(containing: "PTY echo fixture")
        terminal.terminate(signal: SIGKILL)
        #expect(try terminal.waitForExit() == 128 + SIGKILL)
        #expect(!terminal.terminalModesRestored, "SIGKILL can't be caught, so raw mode stays on")
    }
}
