// What "Effects: cancellation, timing and listeners" takes as given in each of its programs: the
// app's state and reducer, its actions and a catalog to search.
import ReSwift
import ReSwiftThunk

struct AppState: Equatable {
    var query = ""
    var books: [String] = []
    var checks: [String] = []
}
struct QueryChanged: Action { var query: String }
struct SearchFinished: Action { var books: [String] }
struct AvailabilityChecked: Action { var isbn: String }
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    switch action {
    case let action as QueryChanged: state.query = action.query
    case let action as SearchFinished: state.books = action.books
    case let action as AvailabilityChecked: state.checks.append(action.isbn)
    default: break
    }
    return state
}
/// A stand-in for the app's book service: answers at once, with what it was asked for.
struct Catalog: Sendable {
    func search(_ query: String) async throws -> [String] { query.isEmpty ? [] : ["\(query) in Depth"] }
}
let catalog = Catalog()
