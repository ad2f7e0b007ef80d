import Foundation
import TestSupport
import Testing

/// `todo` in a terminal that can't draw a screen (`TERM=dumb`, or no TERM): the list is printed,
/// with a word on why, instead of escape sequences the terminal would show as garbage.
@Suite(.timeLimit(.minutes(5))) struct TodoDumbTerminalEndToEndTests {
    @Test(arguments: ["dumb", ""]) func printsTheListAndSaysWhy(term: String) async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Walk the dog")
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], environment: ["TERM": term],
            size: .init(columns: 100, rows: 16))
        try await terminal.screen(showing: "can't show the interactive list")
        #expect(try terminal.waitForExit() == 0)
        let screen = terminal.screen
        #expect(screen.contains("1. [ ] Walk the dog"))
        #expect(screen.contains(term.isEmpty ? "TERM is not set" : "TERM=dumb"))
        #expect(!screen.isAlternateScreenActive)
        try terminal.verifyTerminalRestored()
    }
}
