import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

// The README's ReSwiftTesting snippet ("The modules", `ReSwiftTesting`), as written: the test
// function below is the README's. Keep the two in step.

@Suite struct ReadmeTestingTests {
    // What the snippet takes as given: the app's state and reducer, an action, a thunk.
    struct AppState: Equatable {
        var query = ""
        var books: [String] = []
    }
    struct SearchFinished: Action, Equatable { var books: [String] }

    static func appReducer(action: Action, state: AppState?) -> AppState {
        var state = state ?? AppState()
        if let action = action as? SearchFinished { state.books = action.books }
        return state
    }
    let appReducer: Reducer<AppState> = ReadmeTestingTests.appReducer

    var loadBooks: AsyncThunk<AppState, Int> {
        AsyncThunk { dispatch, getState in
            let books = getState()?.query == "swift" ? ["Swift in Depth"] : []
            dispatch(SearchFinished(books: books))
            return books.count
        }
    }

    // README snippet, verbatim:
    @Test func searchFinishes() async throws {
        let store = TestStore(initialState: AppState(query: "swift"), reducer: appReducer)
        try await store.send(loadBooks)  // awaits the async thunk
        await store.receive(SearchFinished.self) { $0.books = ["Swift in Depth"] }
    }  // unasserted actions or still-running thunks fail the test here
}
