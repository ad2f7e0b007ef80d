import ReSwift

/// The interactive list's view: it reads the store's state and turns the user's gestures into
/// actions, as the ReSwift 101 talk's table view does. It never changes state itself.
///
/// Each gesture is a method (``deleteSelected()``, ``toggleSelected()``, …); key presses map onto
/// them in `TodoListView+Keys.swift`. Everything goes through `store.dispatch`, so a test can
/// replace the store's `dispatchFunction` and see exactly which action a gesture sends.
final class TodoListView {
    /// The store the view reads from and dispatches to.
    let store: Store<TodoAppState>

    /// Creates the view for `store`.
    init(store: Store<TodoAppState>) {
        self.store = store
    }

    private var state: TodoAppState { store.state }

    /// The item on the selected row, if the list isn't empty.
    var selectedItem: TodoItem? {
        state.list.item(number: state.screen.selection + 1)
    }

    // MARK: Browsing

    /// Moves the selection up (negative) or down.
    func moveSelection(by offset: Int) {
        store.dispatch(MoveSelection(by: offset))
    }

    /// Marks the selected item done, or open again.
    func toggleSelected() {
        guard let item = selectedItem else { return }
        store.dispatch(ToggleTodo(id: item.id))
    }

    /// Removes the selected item.
    func deleteSelected() {
        guard let item = selectedItem else { return }
        store.dispatch(RemoveTodo(id: item.id))
    }

    /// Undoes the list's last change, or says there is nothing to undo.
    func undo() {
        if state.list.canUndo {
            store.dispatch(UndoTodoChange())
        } else {
            store.dispatch(ShowTodoMessage("Nothing to undo."))
        }
    }

    /// Clears the status line's message, if one is shown.
    func dismissMessage() {
        if state.screen.message != nil {
            store.dispatch(ShowTodoMessage(nil))
        }
    }

    // MARK: Typing a title

    /// Opens the editor for a new item.
    func beginAdding() {
        store.dispatch(BeginAddingTodo())
    }

    /// Opens the editor on the selected item's title.
    func beginEditing() {
        guard selectedItem != nil else { return }
        store.dispatch(BeginEditingTodo())
    }

    /// Appends `text` to the line being typed.
    func type(_ text: String) {
        guard let editor = state.screen.editor else { return }
        store.dispatch(ChangeEditorText(editor.text + text))
    }

    /// Deletes the last character of the line being typed.
    func deleteBackward() {
        guard let editor = state.screen.editor, !editor.text.isEmpty else { return }
        store.dispatch(ChangeEditorText(String(editor.text.dropLast())))
    }

    /// Empties the line being typed.
    func clearEditor() {
        guard state.screen.editor != nil else { return }
        store.dispatch(ChangeEditorText(""))
    }

    /// Closes the editor, keeping the list as it was.
    func cancelEditing() {
        store.dispatch(CloseEditor())
    }

    /// Saves the line being typed: adds the new item or renames the edited one. An empty or
    /// duplicate title keeps the editor open with a message saying what to do.
    func submitEditor() {
        guard let editor = state.screen.editor else { return }
        let title = TodoTitle.normalized(editor.text)
        guard !title.isEmpty else {
            store.dispatch(ShowTodoMessage("Type a title, or press Esc to cancel."))
            return
        }
        switch editor {
        case .adding:
            if state.list.item(titled: title) != nil {
                store.dispatch(ShowTodoMessage("'\(title)' is already on the list."))
                return
            }
            store.dispatch(AddTodo(title: title))
            store.dispatch(CloseEditor())
            store.dispatch(SelectTodo(titled: title))
        case .editing(let id, _):
            if let other = state.list.item(titled: title), other.id != id {
                store.dispatch(ShowTodoMessage("'\(title)' is already on the list."))
                return
            }
            if state.list.items.first(where: { $0.id == id })?.title != title {
                store.dispatch(UpdateTodo(id: id, title: title))
            }
            store.dispatch(CloseEditor())
        }
    }
}
