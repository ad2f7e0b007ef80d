// What ReSwiftTesting's overview and its TestingWithTestStore article take as given: the app's
// state and reducer, its actions, and the thunks the tests run. (The thunks are `nonisolated`
// computed globals: a `main.swift`'s stored globals are the main actor's, out of reach of a
// nonisolated `@Test` function.)
import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

struct AppState: Equatable {
    var query = ""
    var isLoading = false
    var books: [String] = []
}
struct SetQuery: Action, Equatable {
    var query: String
    init(_ query: String) { self.query = query }
}
struct SearchStarted: Action, Equatable {}
struct SearchFinished: Action, Equatable { var books: [String] }
struct LoadingStarted: Action, Equatable {}
struct UserLoaded: Action {}

func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    switch action {
    case let action as SetQuery: state.query = action.query
    case is SearchStarted: state.isLoading = true
    case let action as SearchFinished:
        state.isLoading = false
        state.books = action.books
    case is LoadingStarted: state.isLoading = true
    default: break
    }
    return state
}

nonisolated var loadBooks: AsyncThunk<AppState, Int> {
    AsyncThunk { dispatch, getState in
        dispatch(SearchStarted())
        let books = getState()?.query == "swift" ? ["Swift in Depth"] : []
        dispatch(SearchFinished(books: books))
        return books.count
    }
}
nonisolated var fetchUser: Thunk<AppState> {
    Thunk { dispatch, getState in
        guard getState()?.isLoading == false else { return }
        dispatch(LoadingStarted())
        dispatch(UserLoaded())
    }
}
