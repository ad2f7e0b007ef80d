import ReSwift
import ReSwiftTesting
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// The talk's first pattern: drive the view, capture what it dispatches by replacing the store's
/// `dispatchFunction`, and check the action; the reducer is tested on its own.
@Suite struct TodoListViewTests {
    private func makeStore(selection: Int = 0, editor: TodoEditor? = nil) -> Store<TodoAppState> {
        let list = TodoState(items: [
            TodoItem(id: 1, title: "Buy milk"),
            TodoItem(id: 2, title: "Walk the dog"),
            TodoItem(id: 3, title: "Write talk", isDone: true),
        ])
        let screen = TodoScreenState(selection: selection, editor: editor)
        return Store(reducer: todoAppReducer, state: TodoAppState(list: list, screen: screen))
    }

    @Test func deletingATodoDispatchesRemoveTodoForTheSelectedItem() {
        let store = makeStore(selection: 1)
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }
        let view = TodoListView(store: store)

        view.deleteSelected()

        #expect(dispatched.count == 1)
        #expect(dispatched.first as? RemoveTodo == RemoveTodo(id: 2))
    }

    @Test func deletingATodoIsSeenByAnActionRecorder() {
        let store = makeStore(selection: 0)
        let recorder = ActionRecorder()
        recorder.capture(store)

        TodoListView(store: store).deleteSelected()

        #expect(recorder.count == 1)
        #expect(recorder.contains(RemoveTodo(id: 1)))
        #expect(store.state.list.items.count == 3)
    }

    @Test func deletingOnAnEmptyListDispatchesNothing() {
        let store = Store(reducer: todoAppReducer, state: TodoAppState())
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }

        TodoListView(store: store).deleteSelected()

        #expect(dispatched.isEmpty)
    }

    @Test func togglingUsesTheDisplayOrder() {
        let store = makeStore(selection: 2)
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }

        TodoListView(store: store).toggleSelected()

        #expect(dispatched.first as? ToggleTodo == ToggleTodo(id: 3))
    }

    /// Captures what the view dispatches and lets it through: submitting closes the editor only
    /// once the list (as saved) holds the title.
    private func captureAndReduce(_ store: Store<TodoAppState>, into dispatched: @escaping (Action) -> Void) {
        let reduce: DispatchFunction = store.dispatchFunction
        store.dispatchFunction = { action in
            dispatched(action)
            reduce(action)
        }
    }

    @Test func submittingANewTitleAddsClosesAndSelectsIt() {
        let store = makeStore(editor: .adding(text: " Call  mum "))
        var dispatched: [Action] = []
        captureAndReduce(store) { dispatched.append($0) }

        TodoListView(store: store).submitEditor()

        #expect(dispatched.count == 3)
        #expect(dispatched[0] as? AddTodo == AddTodo(title: "Call mum"))
        #expect(dispatched[1] is CloseEditor)
        #expect(dispatched[2] as? SelectTodo == SelectTodo(titled: "Call mum"))
    }

    @Test func submittingADuplicateOnlyShowsAMessage() {
        let store = makeStore(editor: .adding(text: "Walk the dog"))
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }

        TodoListView(store: store).submitEditor()

        #expect(dispatched.count == 1)
        #expect(
            dispatched.first as? ShowTodoMessage == ShowTodoMessage("'Walk the dog' is already on the list."))
    }

    @Test func submittingWhenTheListDidNotTakeTheTitleKeepsTheEditorOpen() {
        // The store drops the add, as a failed save does: nothing may close the editor.
        let store = makeStore(editor: .adding(text: "Call mum"))
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }

        TodoListView(store: store).submitEditor()

        #expect(dispatched.count == 1)
        #expect(dispatched.first as? AddTodo == AddTodo(title: "Call mum"))
    }

    @Test func submittingAnEditRenamesTheEditedItem() {
        let store = makeStore(editor: .editing(id: 2, text: "Walk the cat"))
        var dispatched: [Action] = []
        captureAndReduce(store) { dispatched.append($0) }

        TodoListView(store: store).submitEditor()

        #expect(dispatched.first as? UpdateTodo == UpdateTodo(id: 2, title: "Walk the cat"))
        #expect(dispatched.last is CloseEditor)
    }

    @Test func undoWithNothingToUndoSaysSo() {
        let store = makeStore()
        var dispatched: [Action] = []
        store.dispatchFunction = { dispatched.append($0) }

        TodoListView(store: store).undo()

        #expect(dispatched.first as? ShowTodoMessage == ShowTodoMessage("Nothing to undo."))
    }

    @Test func typingGoesThroughTheStore() {
        let store = makeStore()
        let view = TodoListView(store: store)
        view.beginAdding()
        view.type("Buy")
        view.type(" bread")
        view.deleteBackward()
        #expect(store.state.screen.editor == .adding(text: "Buy brea"))
        view.submitEditor()
        #expect(store.state.screen.editor == nil)
        #expect(
            store.state.list.items.map(\.title) == [
                "Buy milk", "Walk the dog", "Write talk", "Buy brea",
            ])
        #expect(store.state.screen.selection == 3)
    }
}
