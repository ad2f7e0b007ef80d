// What README's ReSwiftPersistence snippet takes as given: a Codable slice, the app's state and
// reducer, and where the file lives.
import Foundation
import ReSwift
import ReSwiftPersistence

struct Todo: Codable, Equatable, Sendable { var title: String }
struct AppState { var todos: [Todo] = [] }
func appReducer(action: Action, state: AppState?) -> AppState { state ?? AppState() }
let url = FileManager.default.temporaryDirectory.appendingPathComponent("todos.json")
