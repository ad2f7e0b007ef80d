import ReSwift

/// The todo list's reducer.
///
/// Each change that actually alters the items pushes its inverse (a ``TodoUndoStep``) onto
/// ``TodoState/undoHistory`` (at most ``TodoState/undoLimit`` of them); an action that changes
/// nothing (a duplicate add, an unknown id) leaves the state, history included, as it was.
/// ``UndoTodoChange`` applies the last step, which restores the items exactly as they were before
/// that change.
///
/// - Parameters:
///   - action: The action to reduce; actions other than ``TodoAction``s leave the state alone.
///   - state: The current list, or `nil` for an empty one.
/// - Returns: The next list.
/// - Complexity: O(*n*) in the number of items for each action, whatever the history's length.
public func todoReducer(action: Action, state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    reduceTodos(action, into: &state)
    return state
}

/// ``todoReducer(action:state:)`` in place: what the app's stores use, so that changing one item
/// of a long list costs what the change costs, not a copy of the list.
///
/// - Parameters:
///   - action: The action to reduce; actions other than ``TodoAction``s leave the state alone.
///   - state: The list to change.
/// - Complexity: O(*n*) in the number of items for an action that looks an item up by id,
///   whatever the history's length; the list isn't copied.
public func reduceTodos(_ action: Action, into state: inout TodoState) {
    guard action is TodoAction else { return }
    if action is UndoTodoChange {
        state.undoHistory.popLast()?.apply(to: &state.items)
        return
    }
    guard let undo = reduceItems(action, into: &state) else { return }
    state.undoHistory.append(undo)
    if state.undoHistory.count > TodoState.undoLimit {
        state.undoHistory.removeFirst(state.undoHistory.count - TodoState.undoLimit)
    }
}

/// Applies one list-changing action to the items, without touching the undo history.
///
/// - Returns: The step that takes the change back, or `nil` when the items didn't change.
private func reduceItems(_ action: Action, into state: inout TodoState) -> TodoUndoStep? {
    switch action {
    case let add as AddTodo:
        let title = TodoTitle.normalized(add.title)
        guard !title.isEmpty, state.item(titled: title) == nil else { return nil }
        let id = state.nextID
        state.items.append(TodoItem(id: id, title: title))
        state.nextID += 1
        return TodoUndoStep(removedIDs: [id])
    case let update as UpdateTodo:
        let title = TodoTitle.normalized(update.title)
        guard !title.isEmpty, let index = state.items.firstIndex(where: { $0.id == update.id }) else {
            return nil
        }
        let old = state.items[index]
        guard old.title != title else { return nil }
        if let existing = state.item(titled: title), existing.id != update.id { return nil }
        state.items[index].title = title
        return TodoUndoStep(restored: [old])
    case let remove as RemoveTodo:
        // One item at most, even if a damaged file had given two items the same id.
        guard let index = state.items.firstIndex(where: { $0.id == remove.id }) else { return nil }
        let removed = state.items.remove(at: index)
        return TodoUndoStep(reinserted: [.init(index: index, item: removed)])
    case let toggle as ToggleTodo:
        guard let index = state.items.firstIndex(where: { $0.id == toggle.id }) else { return nil }
        let old = state.items[index]
        state.items[index].isDone.toggle()
        return TodoUndoStep(restored: [old])
    case is ClearDoneTodos:
        let cleared = state.items.indices.filter { state.items[$0].isDone }.map {
            TodoUndoStep.Reinsertion(index: $0, item: state.items[$0])
        }
        guard !cleared.isEmpty else { return nil }
        state.items.removeAll(where: \.isDone)
        return TodoUndoStep(reinserted: cleared)
    default:
        return nil
    }
}
