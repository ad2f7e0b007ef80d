// What README's ReSwiftThunk snippet takes as given: the app's state and reducer, an action and a
// catalog to search.
import ReSwift
import ReSwiftThunk

struct AppState {
    var query = "swift"
    var books: [String] = []
}
struct SearchFinished: Action { var books: [String] }
struct Catalog: Sendable {
    func search(_ query: String) async throws -> [String] { ["\(query) in Depth"] }
}
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let action = action as? SearchFinished { state.books = action.books }
    return state
}
let catalog = Catalog()
