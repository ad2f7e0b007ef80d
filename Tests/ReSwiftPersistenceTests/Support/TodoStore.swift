import ReSwift

/// A small app state: a persisted list and a cursor that isn't persisted.
struct TodoState {
    var todos: [String] = []
    var cursor = 0
}

struct AddTodo: Action { var title: String }
struct MoveCursor: Action {}

func todoReducer(_ action: Action, _ state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    switch action {
    case let action as AddTodo: state.todos.append(action.title)
    case is MoveCursor: state.cursor += 1
    default: break
    }
    return state
}

func makeTodoStore(_ todos: [String] = []) -> Store<TodoState> {
    Store(reducer: todoReducer, state: TodoState(todos: todos))
}

struct ReplaceTodos: Action { var todos: [String] }

/// The reducer above, plus ``ReplaceTodos``.
func mergingTodoReducer(_ action: Action, _ state: TodoState?) -> TodoState {
    var state = todoReducer(action, state)
    if let action = action as? ReplaceTodos { state.todos = action.todos }
    return state
}
