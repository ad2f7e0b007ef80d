import Testing

@testable import TodoModel
@testable import TodoTerminal

/// The selection follows the item it is on when the list changes, and the editor's cursor is kept
/// within its text.
@Suite struct TodoSelectionTests {
    /// Numbered 1 Buy milk, 2 Walk the dog, 3 Write talk (done).
    private let state = TodoAppState(
        list: TodoState(items: [
            TodoItem(id: 1, title: "Buy milk"),
            TodoItem(id: 2, title: "Walk the dog"),
            TodoItem(id: 3, title: "Write talk", isDone: true),
        ]))

    private func selecting(_ row: Int) -> TodoAppState {
        var selected = state
        selected.screen.selection = row
        return selected
    }

    @Test func togglingKeepsTheItemItsNumberAndTheSelection() {
        let toggled = todoAppReducer(action: ToggleTodo(id: 1), state: selecting(0))
        #expect(toggled.list.items.map(\.id) == [1, 2, 3])
        #expect(toggled.list.item(number: 1)?.isDone == true)
        #expect(toggled.screen.selection == 0)
        let reopened = todoAppReducer(action: ToggleTodo(id: 3), state: selecting(2))
        #expect(reopened.list.item(number: 3)?.isDone == false)
        #expect(reopened.screen.selection == 2)
    }

    @Test func theListAsSavedKeepsTheSelectionOnItsItemToo() {
        // The interactive store gets the saved list (TodoListLoaded) instead of the action.
        var saved = state.list
        saved.items.swapAt(0, 1)
        let loaded = todoAppReducer(action: TodoListLoaded(saved), state: selecting(0))
        #expect(loaded.screen.selection == 1)
        // Another process adds an item before the selected one's row: still on Walk the dog.
        var elsewhere = state.list
        elsewhere.items.insert(TodoItem(id: 9, title: "From a script"), at: 0)
        let refreshed = todoAppReducer(action: TodoListLoaded(elsewhere), state: selecting(1))
        #expect(refreshed.list.item(number: refreshed.screen.selection + 1)?.id == 2)
    }

    @Test func undoFollowsTheItemBack() {
        let toggled = todoAppReducer(action: ToggleTodo(id: 1), state: selecting(0))
        let undone = todoAppReducer(action: UndoTodoChange(), state: toggled)
        #expect(undone.screen.selection == 0)
    }

    @Test func removingTheSelectedItemKeepsTheRow() {
        let removed = todoAppReducer(action: RemoveTodo(id: 2), state: selecting(1))
        #expect(removed.screen.selection == 1)
        #expect(removed.list.item(number: 2)?.id == 3)
    }

    @Test func theEditorCursorStartsAtTheEndAndIsKeptWithinTheText() {
        let adding = todoAppReducer(action: BeginAddingTodo(), state: state)
        #expect(adding.screen.editorCursor == 0)
        let editing = todoAppReducer(action: BeginEditingTodo(), state: selecting(1))
        #expect(editing.screen.editorCursor == "Walk the dog".count)
        let moved = todoAppReducer(action: ChangeEditorText("Walk the dog", cursor: 4), state: editing)
        #expect(moved.screen.editorCursor == 4)
        let past = todoAppReducer(action: ChangeEditorText("Walk", cursor: 40), state: moved)
        #expect(past.screen.editorCursor == 4)
        let atEnd = todoAppReducer(action: ChangeEditorText("Walk the cat"), state: moved)
        #expect(atEnd.screen.editorCursor == 12)
        #expect(todoAppReducer(action: CloseEditor(), state: atEnd).screen.editorCursor == 0)
    }

    @Test func changingTheTextClearsAMessageAboutItButMovingTheCursorDoesNot() {
        var rejected = todoAppReducer(action: BeginAddingTodo(), state: state)
        rejected = todoAppReducer(action: ChangeEditorText("Buy milk"), state: rejected)
        rejected = todoAppReducer(
            action: ShowTodoMessage("'Buy milk' is already on the list."), state: rejected)
        let moved = todoAppReducer(action: ChangeEditorText("Buy milk", cursor: 0), state: rejected)
        #expect(moved.screen.message == "'Buy milk' is already on the list.")
        let typed = todoAppReducer(action: ChangeEditorText("XBuy milk", cursor: 1), state: moved)
        #expect(typed.screen.message == nil)
    }
}
