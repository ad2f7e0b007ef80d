// What README's ReSwiftDevTools snippet takes as given: Codable actions, the app's reducer and a
// folder for the session file.
import Foundation
import ReSwift

struct Todo: Codable, Equatable { var title: String }
struct AppState: Equatable { var todos: [Todo] = [] }
struct AddTodo: Action, Codable { var title: String }
struct ToggleTodo: Action, Codable { var index: Int }
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let action = action as? AddTodo { state.todos.append(Todo(title: action.title)) }
    return state
}
let folder = FileManager.default.temporaryDirectory
