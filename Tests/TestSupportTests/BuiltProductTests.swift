import Foundation
import TestSupport
import Testing

@Suite struct BuiltProductTests {
    @Test func findsTheFixtureBuiltWithTheTests() throws {
        let url = try builtProductURL("pty-echo-fixture")
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
    }

    @Test func missingProductErrorSaysHowToBuildIt() {
        #expect {
            try builtProductURL("no-such-product")
        } throws: { error in
            "\(error)".contains("swift build --product no-such-product")
        }
    }

    @Test func runProductCapturesStatusAndStreams() throws {
        let run = try runProduct("pty-echo-fixture", environment: ["NO_COLOR": "1"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("is not a terminal"))
    }

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
}
