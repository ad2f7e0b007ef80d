import ReSwift

/// The reducer of the `todo` store: list actions go to ``todoReducer(action:state:)``, screen
/// actions to the screen, and the selection is kept on a row that exists.
///
/// - Parameters:
///   - action: The action to reduce.
///   - state: The current state, or `nil` for an empty list and an idle screen.
/// - Returns: The next state.
public func todoAppReducer(action: Action, state: TodoAppState?) -> TodoAppState {
    var state = state ?? TodoAppState()
    switch action {
    case let loaded as TodoListLoaded:
        state.list = loaded.list
    case is TodoAction:
        state.list = todoReducer(action: action, state: state.list)
    case let screenAction as TodoScreenAction:
        reduceScreen(screenAction, state: &state)
    default:
        break
    }
    state.screen.selection = max(0, min(state.screen.selection, state.list.items.count - 1))
    if case .editing(let id, _) = state.screen.editor, !state.list.items.contains(where: { $0.id == id }) {
        state.screen.editor = nil
        state.screen.message = "The item being edited was removed."
    }
    return state
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
        state.screen.message = nil
    case is BeginEditingTodo:
        if let item = state.list.item(number: state.screen.selection + 1) {
            state.screen.editor = .editing(id: item.id, text: item.title)
            state.screen.message = nil
        }
    case let change as ChangeEditorText:
        state.screen.editor = state.screen.editor?.with(text: change.text)
    case is CloseEditor:
        state.screen.editor = nil
    case let show as ShowTodoMessage:
        state.screen.message = show.message
    default:
        break
    }
}
