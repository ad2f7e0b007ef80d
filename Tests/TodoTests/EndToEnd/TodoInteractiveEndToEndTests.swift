import Foundation
import TestSupport
import Testing

/// Runs the built `todo` under a pseudo-terminal and uses the interactive list with keys.
@Suite(.timeLimit(.minutes(5))) struct TodoInteractiveEndToEndTests {
    @Test func addsTogglesDeletesUndoesAndQuitsRestoringTheTerminal() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Walk the dog")

        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 70, rows: 16))
        try await terminal.screen(showing: "[ ] Walk the dog")

        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Buy milk")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] Buy milk")
        #expect(try sandbox.list() == ["1. [ ] Walk the dog", "2. [ ] Buy milk"])

        try terminal.send(PseudoTerminal.Keys.up)
        try terminal.send(" ")
        // The done item keeps its row and its number, and the selection stays on it.
        try await terminal.screen(showing: "› 1. [x] Walk the dog")

        try terminal.send(PseudoTerminal.Keys.down)
        try await terminal.screen(showing: "› 2. [ ] Buy milk")
        try terminal.send("d")
        try await terminal.screen(showing: "0 open, 1 done")
        #expect(try sandbox.list() == ["1. [x] Walk the dog"])

        try terminal.send("u")
        try await terminal.screen(showing: "1 open, 1 done")

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        #expect(try sandbox.list() == ["1. [x] Walk the dog", "2. [ ] Buy milk"])
    }

    @Test func showsChangesAnotherProcessMakes() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let terminal = try PseudoTerminal(
            product: "todo", arguments: [], environment: ["TODO_FILE": sandbox.file.path],
            size: .init(columns: 70, rows: 16))
        try await terminal.screen(showing: "Nothing to do")

        try sandbox.run("add", "From a script")
        try await terminal.screen(showing: "[ ] From a script")

        try terminal.send(PseudoTerminal.Keys.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        try terminal.verifyTerminalRestored()
    }
}

/// Undo on the screen: it says when there is nothing to undo, and a deleted item comes back
/// selected.
@Suite(.timeLimit(.minutes(5))) struct TodoUndoEndToEndTests {
    @Test func undoSaysWhenThereIsNothingToUndoAndSelectsWhatItRestores() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 70, rows: 16))
        try await terminal.screen(showing: "Nothing to do")
        try terminal.send("u")
        try await terminal.screen(showing: "Nothing to undo.")

        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Buy milk" + PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "[ ] Buy milk")
        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Walk the dog" + PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "› 2. [ ] Walk the dog")
        try terminal.send(PseudoTerminal.Keys.up + "d")
        try await terminal.screen(showing: "› 1. [ ] Walk the dog")
        try terminal.send("u")
        try await terminal.screen(showing: "› 1. [ ] Buy milk")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }
}

/// A title with an emoji and a skin-tone modifier, typed as two keys, never pushes the editor's
/// line over the key help (the screen is a terminal that draws each part of the emoji).
@Suite(.timeLimit(.minutes(5))) struct TodoEmojiEndToEndTests {
    @Test func anEmojiWithASkinToneModifierKeepsTheKeyHelpWhole() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 40, rows: 10))
        try await terminal.screen(showing: "Nothing to do")
        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send(String(repeating: "x", count: 20))
        try terminal.send("👍")
        try terminal.send("\u{1F3FD}")
        try terminal.send(String(repeating: "y", count: 20))
        try await terminal.screen(showing: "yyyyy")
        #expect(terminal.screen.lines.last?.hasPrefix("Enter save") == true, "\(terminal.screen)")
        try terminal.send(PseudoTerminal.Keys.ctrlC)
        #expect(try terminal.waitForExit() == 130)
    }
}
