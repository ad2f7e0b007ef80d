import ReSwift
import ReSwiftThunk
import Testing

// The README's ReSwiftThunk snippet ("The modules", `ReSwiftThunk`), as written, in a function
// body. Keep the two in step: a change to the README's snippet belongs here too.

@Suite struct ReadmeThunkTests {
    @Test func theAsyncThunkSnippetReturnsTheCountItDispatched() async throws {
        // What the snippet takes as given: the app's state, its reducer, an action and a catalog.
        struct AppState {
            var query = "swift"
            var books: [String] = []
        }
        struct SearchFinished: Action { var books: [String] }
        struct Catalog: Sendable {
            func search(_ query: String) async throws -> [String] { ["\(query) in Depth"] }
        }
        let catalog = Catalog()
        func appReducer(action: Action, state: AppState?) -> AppState {
            var state = state ?? AppState()
            if let action = action as? SearchFinished { state.books = action.books }
            return state
        }

        // README snippet, verbatim:
        let store = Store<AppState>(reducer: appReducer, state: nil, middleware: [createThunkMiddleware()])
        let loadBooks = AsyncThunk<AppState, Int> { dispatch, getState in
            let books = try await catalog.search(getState()?.query ?? "")
            dispatch(SearchFinished(books: books))
            return books.count
        }
        let count: Int = try await store.dispatch(loadBooks)  // waits for the body, returns its value
        // End of the snippet.

        #expect(count == 1)
        #expect(store.state.books == ["swift in Depth"])
    }
}
