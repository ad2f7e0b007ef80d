import Foundation
import ReSwift
import ReSwiftTesting
import TerminalUI
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Interactive flows, key by key, with ReSwiftTesting's `TestStore`: the view dispatches into the
/// test store, and each action it sends is received with the exact state change it makes.
@Suite struct TodoInteractiveFlowTests {
    private let milk = TodoItem(id: 1, title: "Buy milk")
    private let dog = TodoItem(id: 2, title: "Walk the dog")

    private func makeStore(middleware: [Middleware<TodoAppState>] = []) -> TestStore<TodoAppState> {
        TestStore(
            initialState: TodoAppState(list: TodoState(items: [milk, dog])), reducer: todoAppReducer,
            middleware: middleware)
    }

    private func press(_ keys: Key..., on view: TodoListView) {
        for key in keys { _ = view.handle(key) }
    }

    @Test func addingATodoWithTheKeyboard() {
        let store = makeStore()
        let view = TodoListView(store: store.store)

        press(.character("a"), on: view)
        store.receive(BeginAddingTodo()) { $0.screen.editor = .adding(text: "") }
        press(.character("T"), .character("e"), on: view)
        store.receive(ChangeEditorText("T", cursor: 1)) {
            $0.screen.editor = .adding(text: "T")
            $0.screen.editorCursor = 1
        }
        store.receive(ChangeEditorText("Te", cursor: 2)) {
            $0.screen.editor = .adding(text: "Te")
            $0.screen.editorCursor = 2
        }
        press(.character("x"), .backspace, .character("a"), on: view)
        store.receive(ChangeEditorText("Tex", cursor: 3)) {
            $0.screen.editor = .adding(text: "Tex")
            $0.screen.editorCursor = 3
        }
        store.receive(ChangeEditorText("Te", cursor: 2)) {
            $0.screen.editor = .adding(text: "Te")
            $0.screen.editorCursor = 2
        }
        store.receive(ChangeEditorText("Tea", cursor: 3)) {
            $0.screen.editor = .adding(text: "Tea")
            $0.screen.editorCursor = 3
        }
        press(.enter, on: view)
        store.receive(AddTodo(title: "Tea")) {
            $0.list.items.append(TodoItem(id: 3, title: "Tea"))
            $0.list.nextID = 4
            $0.list.undoHistory = [TodoUndoStep(removedIDs: [3])]
        }
        store.receive(CloseEditor()) {
            $0.screen.editor = nil
            $0.screen.editorCursor = 0
        }
        store.receive(SelectTodo(titled: "Tea")) { $0.screen.selection = 2 }
    }

    @Test func togglingUndoingAndTheNothingToUndoMessage() {
        let store = makeStore()
        let view = TodoListView(store: store.store)

        press(.space, on: view)
        // Buy milk stays where it is, with its number, and so does the selection.
        store.receive(ToggleTodo(id: 1)) {
            $0.list.items[0].isDone = true
            $0.list.undoHistory = [TodoUndoStep(restored: [milk])]
        }
        press(.character("u"), on: view)
        store.receive(UndoTodoChange()) {
            $0.list.items[0].isDone = false
            $0.list.undoHistory = []
        }
        press(.character("u"), on: view)
        store.receive(ShowTodoMessage("Nothing to undo.")) { $0.screen.message = "Nothing to undo." }
        press(.down, on: view)
        store.receive(ShowTodoMessage(nil)) { $0.screen.message = nil }
        store.receive(MoveSelection(by: 1)) { $0.screen.selection = 1 }
    }

    @Test func deletingThenUndoingPutsTheSelectionOnTheRestoredItem() {
        let store = makeStore()
        let view = TodoListView(store: store.store)

        press(.character("d"), on: view)
        store.receive(RemoveTodo(id: 1)) {
            $0.list.items = [dog]
            $0.list.undoHistory = [TodoUndoStep(reinserted: [.init(index: 0, item: milk)])]
        }
        press(.character("u"), on: view)
        // The undo puts Buy milk back above the selected row; the selection follows it there.
        store.receive(UndoTodoChange()) {
            $0.list.items = [milk, dog]
            $0.list.undoHistory = []
            $0.screen.selection = 1
        }
        store.receive(SelectTodo(titled: "Buy milk")) { $0.screen.selection = 0 }
    }

    @Test func editingToADuplicateTitleKeepsTheEditorOpenUntilEscape() {
        let store = makeStore()
        let view = TodoListView(store: store.store)

        press(.character("e"), on: view)
        store.receive(BeginEditingTodo()) {
            $0.screen.editor = .editing(id: 1, text: "Buy milk")
            $0.screen.editorCursor = 8
        }
        press(.ctrl("u"), on: view)
        store.receive(ChangeEditorText("", cursor: 0)) {
            $0.screen.editor = .editing(id: 1, text: "")
            $0.screen.editorCursor = 0
        }
        for character in "Walk the dog" { press(.character(character), on: view) }
        store.skipReceivedActions()
        #expect(store.state.screen.editor == .editing(id: 1, text: "Walk the dog"))
        press(.enter, on: view)
        store.receive(ShowTodoMessage("'Walk the dog' is already on the list.")) {
            $0.screen.editor = .editing(id: 1, text: "Walk the dog")
            $0.screen.message = "'Walk the dog' is already on the list."
        }
        // Esc takes the message about the title away with the title.
        press(.escape, on: view)
        store.receive(ShowTodoMessage(nil)) { $0.screen.message = nil }
        store.receive(CloseEditor()) {
            $0.screen.editor = nil
            $0.screen.editorCursor = 0
        }
        #expect(store.state.list.items == [milk, dog])
    }

    @Test func deletingThroughTheFileMiddlewareSavesAndShowsTheSavedList() throws {
        let temporary = try TemporaryDirectory(prefix: "todo-flow")
        let directory = temporary.url
        let file = TodoFile(url: directory.appendingPathComponent("todo.json")) { notice in
            Issue.record("unexpected notice: \(notice)")
        }
        try file.persisted.save(TodoState(items: [milk, dog]))
        let watcher = TodoFileWatcher(
            file: file, list: try file.read(), resetAdvice: TodoCommand.resetAdvice(filePath: nil))
        let store = makeStore(middleware: [file.middleware(watcher: watcher)])
        let view = TodoListView(store: store.store)

        press(.down, .character("d"), on: view)
        store.receive(MoveSelection(by: 1)) { $0.screen.selection = 1 }
        let saved = TodoState(
            items: [milk], nextID: 3, undoHistory: [TodoUndoStep(reinserted: [.init(index: 1, item: dog)])])
        store.receive(TodoListLoaded(saved)) {
            $0.list = saved
            $0.screen.selection = 0
        }
        #expect(try file.read() == saved)

        // Another process adds an item; the periodic refresh brings it in.
        _ = try TodoFile(url: file.url) { _ in }.perform(.add(title: "From a script"))
        watcher.refresh { store.store.dispatch($0) }
        store.receive(TodoListLoaded.self) {
            $0.list.items.append(TodoItem(id: 3, title: "From a script"))
            $0.list.nextID = 4
            $0.list.undoHistory.append(TodoUndoStep(removedIDs: [3]))
        }
    }
}
