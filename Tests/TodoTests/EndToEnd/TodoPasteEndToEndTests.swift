import Foundation
import TestSupport
import Testing

/// Pastes into the built `todo` under a pseudo-terminal: pasted text is text, never commands.
@Suite(.timeLimit(.minutes(5))) struct TodoPasteEndToEndTests {
    @Test func aMultiLinePasteIntoAddIsOneTitleAndDeletesNothing() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Walk the dog")
        try sandbox.run("add", "Call mom")

        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 70, rows: 16))
        try await terminal.screen(showing: "[ ] Call mom")
        #expect(terminal.screen.isBracketedPasteOn, "todo turns bracketed paste on")

        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        // Without bracketed paste, the newline ended the field and "d" deleted an item.
        try terminal.paste("milk\ndog food")
        try await terminal.screen(showing: "Add: milk dog food")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] milk dog food")
        #expect(try sandbox.list() == ["1. [ ] Walk the dog", "2. [ ] Call mom", "3. [ ] milk dog food"])

        // While browsing, a paste is ignored: its "q", "d" and spaces are not keys.
        try terminal.paste("d q d")
        try terminal.send("j")
        try await terminal.screen(showing: "3 open, 0 done")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        #expect(try sandbox.list() == ["1. [ ] Walk the dog", "2. [ ] Call mom", "3. [ ] milk dog food"])
    }
}
