import Foundation
import TerminalUI
import TestSupport
import Testing

/// `RESWIFT_PROFILE=1` makes the built `memory-game` print its dispatch profile when it ends,
/// after the terminal is restored, so the table stays in the scrollback.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameProfileEndToEndTests {
    private func playAndQuit(profile: String) async throws -> (status: Int32, output: String) {
        let dataHome = try TemporaryDirectory(prefix: "memory-game-profile")
        defer { withExtendedLifetime(dataHome) {} }
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--offline", "--seed", "3"],
            environment: ["XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1", "RESWIFT_PROFILE": profile],
            size: TerminalSize(columns: 80, rows: 24))
        defer { terminal.close() }
        try await terminal.screen(showing: "› New Game")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "pairs 0/8")
        try terminal.send("q")
        let status = try terminal.waitForExit()
        try terminal.verifyTerminalRestored()
        return (status, terminal.outputText)
    }

    @Test func theProfileIsPrintedAfterTheTerminalIsRestored() async throws {
        let (status, output) = try await playAndQuit(profile: "1")
        #expect(status == 0)
        let leftAlternateScreen = try #require(output.range(of: "\u{1B}[?1049l", options: .backwards))
        let profile = try #require(output.range(of: "ReSwift profile: "), "no profile in the output")
        #expect(
            profile.lowerBound >= leftAlternateScreen.upperBound,
            "the profile was drawn inside the game screen")
        #expect(!output[profile.lowerBound...].hasPrefix("ReSwift profile: 0 dispatches"))
    }

    @Test func nothingIsPrintedWithoutIt() async throws {
        let (status, output) = try await playAndQuit(profile: "0")
        #expect(status == 0)
        #expect(!output.contains("ReSwift profile"))
    }
}
