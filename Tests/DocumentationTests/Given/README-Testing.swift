// What README's ReSwiftTesting snippet takes as given: the app's state and reducer, an action and
// the thunk it tests.
import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

struct AppState: Equatable {
    var query = ""
    var books: [String] = []
}
struct SearchFinished: Action, Equatable { var books: [String] }
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let action = action as? SearchFinished { state.books = action.books }
    return state
}
let loadBooks = AsyncThunk<AppState, Int> { dispatch, getState in
    let books = getState()?.query == "swift" ? ["Swift in Depth"] : []
    dispatch(SearchFinished(books: books))
    return books.count
}
