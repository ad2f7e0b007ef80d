import Foundation
import ReSwift
import TerminalUI
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Typing a title in the interactive list: the cursor moves and edits in the middle, a rejected
/// title or a failed save is explained while the prompt is open, and the typed text is kept.
@Suite struct TodoEditorTests {
    private let list = TodoState(items: [
        TodoItem(id: 1, title: "Call mom"),
        TodoItem(id: 2, title: "Buy tea", isDone: true),
    ])

    private func makeStore(middleware: [Middleware<TodoAppState>] = []) -> Store<TodoAppState> {
        Store(reducer: todoAppReducer, state: TodoAppState(list: list), middleware: middleware)
    }

    private func press(_ keys: [Key], on view: TodoListView) {
        for key in keys { _ = view.handle(key) }
    }

    private func type(_ text: String, on view: TodoListView) {
        press(text.map { .character($0) }, on: view)
    }

    private func screen(_ store: Store<TodoAppState>, columns: Int = 80, rows: Int = 12) -> [Line] {
        TodoScreenView.lines(state: store.state, size: TerminalSize(columns: columns, rows: rows))
    }

    @Test func keysMoveTheCursorAndEditInTheMiddle() {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("a")], on: view)
        type("Buy milk", on: view)
        press([.home, .right, .right, .right], on: view)
        type(" oat", on: view)
        #expect(store.state.screen.editor?.text == "Buy oat milk")
        #expect(store.state.screen.editorCursor == 7)
        press([.wordLeft, .ctrl("k")], on: view)
        #expect(store.state.screen.editor?.text == "Buy ")
        press([.ctrl("w")], on: view)
        #expect(store.state.screen.editor?.text == "")
        type("Walk dog", on: view)
        press([.alt("b"), .left, .delete, .ctrl("e")], on: view)
        #expect(store.state.screen.editor?.text == "Walkdog")
        press([.ctrl("a"), .delete, .end, .backspace], on: view)
        #expect(store.state.screen.editor?.text == "alkdo")
        press([.home, .ctrl("u"), .ctrl("a"), .ctrl("k")], on: view)
        #expect(store.state.screen.editor?.text == "")
    }

    @Test func theScreenDrawsTheCursorWhereTheStatePutsIt() throws {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("a")], on: view)
        type("日本語 tea", on: view)
        press([.wordLeft, .wordLeft, .right], on: view)
        let editorRow = screen(store).first { $0.plainText.hasPrefix("Add: ") }
        let spans = try #require(editorRow?.spans)
        #expect(spans.filter(\.style.reverse).map(\.text) == ["本"])
        // "Add: " takes 5 columns and 日 two more: the cursor is in column 7.
        let cursorIndex = try #require(spans.firstIndex { $0.style.reverse })
        #expect(spans[..<cursorIndex].reduce(0) { $0 + $1.text.displayWidth } == 7)
    }

    @Test func aDuplicateTitleIsExplainedWhileThePromptIsOpen() {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("a")], on: view)
        type("call MOM", on: view)
        press([.enter], on: view)
        #expect(store.state.screen.editor == .adding(text: "call MOM"))
        let text = screen(store).map(\.plainText)
        #expect(text.contains { $0.hasPrefix("'Call mom' is already on the list.") })
        #expect(text.contains { $0.hasPrefix("Add: call MOM") })
        #expect(store.state.list == list)
    }

    @Test func anEmptyTitleIsExplainedWhileThePromptIsOpen() {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("a"), .space, .enter], on: view)
        let text = screen(store).map(\.plainText)
        #expect(text.contains { $0.hasPrefix("Type a title, or press Esc to cancel.") })
        #expect(text.contains { $0.hasPrefix("Add:") })
    }

    @Test func renamingToAnotherItemsTitleIsExplainedWhileThePromptIsOpen() {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("e"), .ctrl("u")], on: view)
        type("ｂｕｙ ｔｅａ", on: view)
        press([.enter], on: view)
        let text = screen(store).map(\.plainText)
        #expect(text.contains { $0.hasPrefix("'Buy tea' is already on the list, done.") })
        #expect(text.contains { $0.hasPrefix("Edit: ｂｕｙ ｔｅａ") })
    }

    @Test func typingAgainClearsTheRejection() {
        let store = makeStore()
        let view = TodoListView(store: store)
        press([.character("a")], on: view)
        type("Call mom", on: view)
        press([.enter], on: view)
        #expect(store.state.screen.message != nil)
        type("!", on: view)
        #expect(store.state.screen.message == nil)
        press([.enter], on: view)
        #expect(store.state.screen.editor == nil)
        #expect(store.state.list.items.map(\.title) == ["Call mom", "Buy tea", "Call mom!"])
    }

    /// A todo file whose folder is a regular file: every save fails ("Not a directory").
    private func unsavableFile() throws -> (TodoFile, TemporaryDirectory) {
        let folder = try TemporaryDirectory(prefix: "todo-editor")
        let blocker = folder.file("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let file = TodoFile(url: blocker.appendingPathComponent("todo.json")) { _ in }
        return (file, folder)
    }

    @Test func aFailedSaveKeepsThePromptOpenWithTheTextAndShowsWhy() throws {
        let (file, folder) = try unsavableFile()
        defer { withExtendedLifetime(folder) {} }
        let watcher = TodoFileWatcher(file: file, list: nil, resetAdvice: "run todo reset-file")
        let store = makeStore(middleware: [file.middleware(watcher: watcher)])
        let view = TodoListView(store: store)
        press([.character("a")], on: view)
        type("Buy milk", on: view)
        press([.left, .enter], on: view)

        #expect(store.state.screen.editor == .adding(text: "Buy milk"))
        #expect(store.state.screen.editorCursor == 7)
        #expect(store.state.list == list)
        let message = try #require(store.state.screen.message)
        #expect(message.hasPrefix("Not saved: "))
        let shown = screen(store).map(\.plainText).joined(separator: "\n")
        #expect(shown.contains("Add: Buy milk"))
        // Edits fail the same way and keep the new title.
        press([.escape, .character("e"), .ctrl("u")], on: view)
        type("Call dad", on: view)
        press([.enter], on: view)
        #expect(store.state.screen.editor == .editing(id: 1, text: "Call dad"))
        #expect(store.state.list == list)
    }

    @Test func aFullDiskMessageIsShownInFullAt80Columns() {
        let path = "/home/someone/.local/share/todo/todo.json"
        let message =
            "Not saved: Couldn't save \(path): write failed: No space left on device. The previous "
            + "contents of the file are unchanged; the disk is full: free some space, then try again."
        let state = TodoAppState(
            list: list, screen: TodoScreenState(editor: .adding(text: "Buy milk"), message: message))
        let lines = TodoScreenView.lines(state: state, size: TerminalSize(columns: 80, rows: 12))
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.width <= 80 })
        let rows = lines.map { String($0.plainText.reversed().drop(while: { $0 == " " }).reversed()) }
        let shown = rows.joined(separator: " ")
        #expect(shown.contains("No space left on device."))
        #expect(shown.contains("the disk is full: free some space, then try again."))
        #expect(rows[10].hasPrefix("Add: Buy milk"))
        #expect(rows[7].hasPrefix("Not saved: Couldn't save"))
    }
}
