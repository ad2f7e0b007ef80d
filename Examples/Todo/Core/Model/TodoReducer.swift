import ReSwift

/// The todo list's reducer.
///
/// Each change that actually alters the items pushes the previous items onto
/// ``TodoState/undoHistory`` (at most ``TodoState/undoLimit`` of them); an action that changes
/// nothing (a duplicate add, an unknown id) leaves the state, history included, as it was.
///
/// - Parameters:
///   - action: The action to reduce; actions other than ``TodoAction``s leave the state alone.
///   - state: The current list, or `nil` for an empty one.
/// - Returns: The next list.
public func todoReducer(action: Action, state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    guard action is TodoAction else { return state }
    if action is UndoTodoChange {
        if let previous = state.undoHistory.popLast() {
            state.items = previous
        }
        return state
    }
    let before = state.items
    reduceItems(action, into: &state)
    if state.items != before {
        state.undoHistory.append(before)
        if state.undoHistory.count > TodoState.undoLimit {
            state.undoHistory.removeFirst(state.undoHistory.count - TodoState.undoLimit)
        }
    }
    return state
}

/// Applies one list-changing action to the items, without touching the undo history.
private func reduceItems(_ action: Action, into state: inout TodoState) {
    switch action {
    case let add as AddTodo:
        let title = TodoTitle.normalized(add.title)
        guard !title.isEmpty, state.item(titled: title) == nil else { return }
        state.items.append(TodoItem(id: state.nextID, title: title))
        state.nextID += 1
    case let update as UpdateTodo:
        let title = TodoTitle.normalized(update.title)
        guard !title.isEmpty, let index = state.items.firstIndex(where: { $0.id == update.id }) else {
            return
        }
        if let existing = state.item(titled: title), existing.id != update.id { return }
        state.items[index].title = title
    case let remove as RemoveTodo:
        state.items.removeAll { $0.id == remove.id }
    case let toggle as ToggleTodo:
        guard let index = state.items.firstIndex(where: { $0.id == toggle.id }) else { return }
        state.items[index].isDone.toggle()
    case is ClearDoneTodos:
        state.items.removeAll(where: \.isDone)
    default:
        break
    }
}
