// swift-format-ignore-file
// (kept in the shape of the code it stands for, not in this package's style)
// Code in the shape of the "ReSwift 101" talk's todo list: actions, a reducer, a store, and a
// test that captures dispatched actions by replacing the dispatch function.
import ReSwift

struct Todo: Equatable {
    let id: Int
    var title: String
}

struct TodoState: StateType, Equatable {
    var todos: [Todo] = []
}

enum TodoAction: Action {
    case add(Todo)
    case update(Todo)
    case remove(id: Int)
}

func todoReducer(action: Action, state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    guard let action = action as? TodoAction else { return state }
    switch action {
    case .add(let todo):
        if !state.todos.contains(where: { $0.id == todo.id }) {
            state.todos.append(todo)
        }
    case .update(let todo):
        if let index = state.todos.firstIndex(where: { $0.id == todo.id }) {
            state.todos[index] = todo
        }
    case .remove(let id):
        state.todos.removeAll { $0.id == id }
    }
    return state
}

final class TodoListView: StoreSubscriber {
    let store: Store<TodoState>
    var rows: [String] = []

    init(store: Store<TodoState>) {
        self.store = store
        store.subscribe(self)
    }

    func newState(state: TodoState) {
        rows = state.todos.map(\.title)
    }

    func delete(at index: Int) {
        store.dispatch(TodoAction.remove(id: store.state.todos[index].id))
    }
}

func capturedActionsWhenDeleting() -> [Action] {
    let store = Store<TodoState>(reducer: todoReducer, state: TodoState(todos: [Todo(id: 1, title: "Milk")]))
    var actions: [Action] = []
    store.dispatchFunction = { actions.append($0) }
    TodoListView(store: store).delete(at: 0)
    return actions
}
