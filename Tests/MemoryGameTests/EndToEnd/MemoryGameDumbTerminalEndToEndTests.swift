import Foundation
import TerminalUI
import TestSupport
import Testing

/// `memory-game` has no printed form: in a terminal that can't draw a screen it refuses, saying
/// why and what to do.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameDumbTerminalEndToEndTests {
    @Test func refusesADumbTerminalWithAClearMessage() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-dumb")
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--offline"],
            environment: ["XDG_DATA_HOME": temporary.url.path, "TERM": "dumb"],
            size: TerminalSize(columns: 120, rows: 24))
        try await terminal.screen(showing: "TERM=dumb: this terminal can't move the cursor")
        #expect(try terminal.waitForExit() == 1)
        #expect(!terminal.screen.isAlternateScreenActive)
        try terminal.verifyTerminalRestored()
    }
}
