// What "Debugging with DevTools" takes as given from its first sections: the app's state and
// reducer, its Codable actions and their registry, a session file, a restored state and a view.
import Foundation
import ReSwift
import ReSwiftDevTools

struct Todo: Codable, Equatable, Sendable {
    var title: String
    var isDone = false
}
struct AppState: Codable, Equatable, Sendable { var todos: [Todo] = [] }
struct AddTodo: Action, Codable { var title: String }
struct ToggleTodo: Action, Codable { var index: Int }
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let action = action as? AddTodo { state.todos.append(Todo(title: action.title)) }
    if let action = action as? ToggleTodo, state.todos.indices.contains(action.index) {
        state.todos[action.index].isDone.toggle()
    }
    return state
}
let registry = ActionRegistry(AddTodo.self, ToggleTodo.self)
let sessionURL = FileManager.default.temporaryDirectory.appendingPathComponent("todo-session.jsonl")
let restoredState = AppState(todos: [Todo(title: "milk")])
func render(_ state: AppState) { print(state.todos.count, "todos") }
