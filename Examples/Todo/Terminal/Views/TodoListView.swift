import ReSwift
import TerminalUI
import TodoModel

/// The interactive list's view: it reads the store's state and turns the user's gestures into
/// actions, as the ReSwift 101 talk's table view does. It never changes state itself.
///
/// Each gesture is a method (``deleteSelected()``, ``toggleSelected()``, …); key presses map onto
/// them in `TodoListView+Keys.swift`. Everything goes through `store.dispatch`, so a test can
/// replace the store's `dispatchFunction` and see exactly which action a gesture sends; each
/// action carries the line that sent it as its call site (`CallSite.current`).
final class TodoListView {
    /// The store the view reads from and dispatches to.
    let store: TodoScreenStore

    /// How many rows Page Up and Page Down move: the rows of items the screen shows, which the
    /// app sets from the terminal's size each time it draws.
    var pageSize = 10

    /// Creates the view for `store`.
    init(store: TodoScreenStore) {
        self.store = store
    }

    /// Creates the view for `store` itself.
    convenience init(store: Store<TodoAppState>) {
        self.init(store: TodoScreenStore(store))
    }

    /// The state the view shows.
    var state: TodoAppState { store.state() }

    /// The item on the selected row, if the list isn't empty.
    var selectedItem: TodoItem? {
        state.list.item(number: state.screen.selection + 1)
    }

    // MARK: Browsing

    /// Moves the selection up (negative) or down.
    func moveSelection(by offset: Int) {
        dispatch(MoveSelection(by: offset))
    }

    /// Marks the selected item done, or open again.
    func toggleSelected() {
        guard let item = selectedItem else { return }
        dispatch(ToggleTodo(id: item.id))
    }

    /// Removes the selected item.
    func deleteSelected() {
        guard let item = selectedItem else { return }
        dispatch(RemoveTodo(id: item.id))
    }

    /// Undoes the list's last change, or says there is nothing to undo. What the undo put back (a
    /// deleted item) is selected, so `d` then `u` leaves the selection on the restored item.
    func undo() {
        guard state.list.canUndo else {
            dispatch(ShowTodoMessage("Nothing to undo."))
            return
        }
        let idsBefore = Set(state.list.items.map(\.id))
        dispatch(UndoTodoChange())
        if let restored = state.list.items.first(where: { !idsBefore.contains($0.id) }) {
            dispatch(SelectTodo(titled: restored.title))
        }
    }

    /// Clears the status line's message, if one is shown.
    func dismissMessage() {
        if state.screen.message != nil {
            dispatch(ShowTodoMessage(nil))
        }
    }

    // MARK: Typing a title

    /// Opens the editor for a new item.
    func beginAdding() {
        dispatch(BeginAddingTodo())
    }

    /// Opens the editor on the selected item's title.
    func beginEditing() {
        guard selectedItem != nil else { return }
        dispatch(BeginEditingTodo())
    }

    /// Applies an editing key to the line being typed (see TerminalUI's `TextField`: characters
    /// insert at the cursor, ←/→, Home/End, word moves and the Ctrl keys move and delete).
    ///
    /// - Returns: Whether the key was an editing key.
    @discardableResult
    func edit(with key: Key) -> Bool {
        guard var field = state.screen.editorField else { return false }
        let before = field
        guard field.handle(key) else { return false }
        if field != before { dispatch(ChangeEditorText(field)) }
        return true
    }

    /// Gives the line being typed `field`'s text and cursor (several keys' worth of editing at
    /// once: see `handle(_:)` with the keys of one read).
    func edit(to field: TextField) {
        guard state.screen.editor != nil else { return }
        dispatch(ChangeEditorText(field))
    }

    /// Inserts `text` at the cursor of the line being typed.
    func type(_ text: String) {
        guard var field = state.screen.editorField else { return }
        for character in text { field.insert(character) }
        dispatch(ChangeEditorText(field))
    }

    /// Deletes the character before the cursor of the line being typed.
    func deleteBackward() {
        edit(with: .backspace)
    }

    /// Closes the editor, keeping the list as it was; a message about the title typed (a
    /// duplicate, an empty title) goes with it.
    func cancelEditing() {
        dismissMessage()
        dispatch(CloseEditor())
    }

    /// Saves the line being typed: adds the new item or renames the edited one, then closes the
    /// editor. An empty or duplicate title, or a save that failed (a full disk), keeps the editor
    /// open with the text as typed and a message saying what was wrong, so nothing typed is lost.
    func submitEditor() {
        guard let editor = state.screen.editor else { return }
        let title = TodoTitle.normalized(editor.text)
        guard !title.isEmpty else {
            dispatch(ShowTodoMessage("Type a title, or press Esc to cancel."))
            return
        }
        if let problem = TodoTitle.problem(with: title) {
            dispatch(ShowTodoMessage("Not saved: \(problem). Shorten it, or press Esc to cancel."))
            return
        }
        switch editor {
        case .adding:
            if let existing = state.list.item(titled: title) {
                dispatch(ShowTodoMessage(Self.alreadyOnList(existing)))
                return
            }
            dispatch(AddTodo(title: title))
            // The store's list is the list as saved: when the item isn't on it, the save failed
            // and the message says why.
            guard state.list.item(titled: title) != nil else { return }
            dispatch(CloseEditor())
            dispatch(SelectTodo(titled: title))
        case .editing(let id, _):
            if let other = state.list.item(titled: title), other.id != id {
                dispatch(ShowTodoMessage(Self.alreadyOnList(other)))
                return
            }
            if state.list.items.first(where: { $0.id == id })?.title != title {
                dispatch(UpdateTodo(id: id, title: title))
                guard state.list.items.first(where: { $0.id == id })?.title == title else { return }
            }
            dispatch(CloseEditor())
        }
    }

    /// Dispatches `action` with the line that sent it as its call site, which the inspector and
    /// the logging middleware show.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - file: The dispatching file; leave the default.
    ///   - line: The dispatching line; leave the default.
    private func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        store.dispatch(action, file, line)
    }

    /// "'Call mom' is already on the list.", naming the item as it is written on the list.
    private static func alreadyOnList(_ item: TodoItem) -> String {
        "'\(item.title)' is already on the list\(item.isDone ? ", done" : "")."
    }
}
