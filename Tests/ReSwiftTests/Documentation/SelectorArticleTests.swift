@_spi(ReSwiftInternal) import ReSwift
import Testing

// The code of Sources/ReSwift/ReSwift.docc/DerivedStateAndProfiling.md (its selector part), run
// as written. Keep the two in step: a change to the article's code belongs here too.

struct Todo: Equatable, Sendable {
    var id: Int
    var title: String
    var isDone = false
}

enum Filter: Equatable, Sendable {
    case all, open, done

    func matches(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .open: !todo.isDone
        case .done: todo.isDone
        }
    }
}

struct TodoState: Equatable, Sendable {
    var todos: [Todo] = []
    var filter = Filter.all
    var clock = 0
}

struct AddTodo: Action { var title: String }
struct ToggleTodo: Action { var id: Int }
struct SetFilter: Action { var filter: Filter }
struct Tick: Action {}

func todoReducer(action: Action, state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    switch action {
    case let add as AddTodo: state.todos.append(Todo(id: state.todos.count, title: add.title))
    case let toggle as ToggleTodo: state.todos[toggle.id].isDone.toggle()
    case let set as SetFilter: state.filter = set.filter
    case is Tick: state.clock += 1
    default: break
    }
    return state
}

final class TodoListView: StoreSubscriber {
    private(set) var rows: [String] = []

    func newState(state: [Todo]) {
        rows = state.map(\.title)
    }
}

@Suite struct SelectorArticleTests {
    @Test func theArticleRunsAsWritten() {
        let store = Store<TodoState>(reducer: todoReducer, state: nil)
        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(AddTodo(title: "bread"))

        let visibleTodos = MemoizedSelector(\TodoState.todos, \.filter) { todos, filter in
            todos.filter { filter.matches($0) }.sorted { $0.title < $1.title }
        }

        // Deriving a value
        let shown = visibleTodos(store.state)
        store.dispatch(Tick())
        #expect(visibleTodos(store.state) == shown)
        #expect(visibleTodos.recomputations == 1)
        #expect(shown.map(\.title) == ["bread", "milk"])

        // Sharing one selector
        let listView = TodoListView()
        store.subscribe(listView) { $0.select(visibleTodos) }
        let printed = Locked<[Int]>([])
        let token = store.subscribe(transform: { $0.select(visibleTodos) }) { todos in
            printed.withLock { $0.append(todos.count) }  // the article prints the count
        }
        #expect(listView.rows == ["bread", "milk"])
        store.dispatch(SetFilter(filter: .open))
        store.dispatch(ToggleTodo(id: 0))
        #expect(listView.rows == ["bread"])
        #expect(printed.current == [2, 1])
        #expect(visibleTodos.recomputations == 3)

        // Composing selectors
        let openCount = MemoizedSelector(\TodoState.todos) { todos in
            todos.count { !$0.isDone }
        }
        let summary = MemoizedSelector(visibleTodos, openCount) { visible, open in
            "\(visible.count) shown, \(open) open"
        }
        #expect(summary(store.state) == "1 shown, 1 open")
        store.dispatch(Tick())
        #expect(summary(store.state) == "1 shown, 1 open")
        #expect(summary.recomputations == 1)

        // Parameterized selectors
        let todosMatching = ParameterizedSelector(capacity: 8) { (query: String) in
            MemoizedSelector(\TodoState.todos) { todos in
                todos.filter { $0.title.contains(query) }
            }
        }
        let searchView = TodoListView()
        store.subscribe(searchView) { $0.select(todosMatching("milk")) }
        #expect(todosMatching("milk", store.state).map(\.title) == ["milk"])
        #expect(searchView.rows == ["milk"])
        #expect(todosMatching("milk").recomputations == 1)
        token.cancel()
    }
}
