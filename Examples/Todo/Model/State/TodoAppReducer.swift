import ReSwift

/// The reducer of the `todo` store: list actions go to ``todoReducer(action:state:)``, screen
/// actions to the screen, and the selection is kept on a row that exists.
///
/// When the list changes (an action, or the list as saved), the selection stays on the item it
/// was on wherever that item moves (an undo that puts an item back above it, the list as saved
/// by another process). Only when that item is gone does the selection stay on its row.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The current state, or `nil` for an empty list and an idle screen.
/// - Returns: The next state.
public func todoAppReducer(action: Action, state: TodoAppState?) -> TodoAppState {
    var state = state ?? TodoAppState()
    reduceTodoApp(action, into: &state)
    return state
}

/// ``todoAppReducer(action:state:)`` in place: what the app's stores use, so that a key press
/// on a list of 10,000 items costs what it changes.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The state to change.
public func reduceTodoApp(_ action: Action, into state: inout TodoAppState) {
    let selectedID = state.list.item(number: state.screen.selection + 1)?.id
    switch action {
    case let loaded as TodoListLoaded:
        state.list = loaded.list
        keepSelection(onItemWithID: selectedID, in: &state)
    case is TodoAction:
        reduceTodos(action, into: &state.list)
        keepSelection(onItemWithID: selectedID, in: &state)
    case let screenAction as TodoScreenAction:
        reduceScreen(screenAction, state: &state)
    default:
        break
    }
    state.screen.selection = max(0, min(state.screen.selection, state.list.items.count - 1))
    if case .editing(let id, _) = state.screen.editor, !state.list.items.contains(where: { $0.id == id }) {
        state.screen.editor = nil
        state.screen.editorCursor = 0
        state.screen.message = "The item being edited was removed."
    }
}

private func keepSelection(onItemWithID id: Int?, in state: inout TodoAppState) {
    guard let id, let number = state.list.number(ofItemWithID: id) else { return }
    state.screen.selection = number - 1
}

private func reduceScreen(_ action: TodoScreenAction, state: inout TodoAppState) {
    switch action {
    case let move as MoveSelection:
        state.screen.selection += move.offset
    case let select as SelectTodo:
        if let item = state.list.item(titled: select.title),
            let number = state.list.number(ofItemWithID: item.id)
        {
            state.screen.selection = number - 1
        }
    case is BeginAddingTodo:
        state.screen.editor = .adding(text: "")
        state.screen.editorCursor = 0
        state.screen.message = nil
    case is BeginEditingTodo:
        if let item = state.list.item(number: state.screen.selection + 1) {
            state.screen.editor = .editing(id: item.id, text: item.title)
            state.screen.editorCursor = item.title.utf8.count
            state.screen.message = nil
        }
    case let change as ChangeEditorText:
        guard let editor = state.screen.editor else { break }
        if editor.text != change.text { state.screen.message = nil }
        state.screen.editor = editor.with(text: change.text)
        let length = change.text.utf8.count
        state.screen.editorCursor = min(max(change.cursor ?? length, 0), length)
    case is CloseEditor:
        state.screen.editor = nil
        state.screen.editorCursor = 0
    case let show as ShowTodoMessage:
        state.screen.message = show.message
    default:
        break
    }
}
