import Testing

@testable import TodoModel
@testable import TodoTerminal

@Suite struct TodoAppReducerTests {
    private let state = TodoAppState(
        list: TodoState(items: [
            TodoItem(id: 1, title: "Buy milk"),
            TodoItem(id: 2, title: "Walk the dog"),
            TodoItem(id: 3, title: "Write talk", isDone: true),
        ]))

    @Test func listActionsChangeTheListAndAreUndoable() {
        let removed = todoAppReducer(action: RemoveTodo(id: 2), state: state)
        #expect(removed.list.items.map(\.id) == [1, 3])
        let undone = todoAppReducer(action: UndoTodoChange(), state: removed)
        #expect(undone.list.items == state.list.items)
    }

    @Test func screenActionsAreNotRecordedForUndo() {
        let moved = todoAppReducer(action: MoveSelection(by: 1), state: state)
        #expect(moved.screen.selection == 1)
        #expect(moved.list == state.list)
    }

    @Test func selectionStaysOnTheList() {
        var moved = todoAppReducer(action: MoveSelection(by: 10), state: state)
        #expect(moved.screen.selection == 2)
        moved = todoAppReducer(action: MoveSelection(by: -10), state: moved)
        #expect(moved.screen.selection == 0)
        var last = state
        last.screen.selection = 2
        let afterClear = todoAppReducer(action: ClearDoneTodos(), state: last)
        #expect(afterClear.screen.selection == 1)
        let empty = todoAppReducer(action: TodoListLoaded(TodoState()), state: last)
        #expect(empty.screen.selection == 0)
    }

    @Test func selectTodoSelectsByTitle() {
        let selected = todoAppReducer(action: SelectTodo(titled: "Write talk"), state: state)
        #expect(selected.screen.selection == 2)
    }

    @Test func editingStartsWithTheSelectedTitle() {
        var selected = state
        selected.screen.selection = 1
        let editing = todoAppReducer(action: BeginEditingTodo(), state: selected)
        #expect(editing.screen.editor == .editing(id: 2, text: "Walk the dog"))
        let typed = todoAppReducer(action: ChangeEditorText("Walk the cat"), state: editing)
        #expect(typed.screen.editor == .editing(id: 2, text: "Walk the cat"))
        #expect(todoAppReducer(action: CloseEditor(), state: typed).screen.editor == nil)
    }

    @Test func editingAnEmptyListDoesNothing() {
        let editing = todoAppReducer(action: BeginEditingTodo(), state: TodoAppState())
        #expect(editing.screen.editor == nil)
    }

    @Test func editorClosesWhenItsItemDisappears() {
        let editing = todoAppReducer(action: BeginEditingTodo(), state: state)
        let removed = todoAppReducer(
            action: TodoListLoaded(TodoState(items: [TodoItem(id: 2, title: "x")])), state: editing)
        #expect(removed.screen.editor == nil)
        #expect(removed.screen.message == "The item being edited was removed.")
    }

    @Test func loadedListReplacesTheList() {
        let fresh = TodoState(items: [TodoItem(id: 7, title: "From another process")])
        #expect(todoAppReducer(action: TodoListLoaded(fresh), state: state).list == fresh)
    }
}
