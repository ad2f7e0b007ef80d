import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

// The code of Sources/ReSwiftTesting/ReSwiftTesting.docc/Articles/TestingWithTestStore.md, run
// as written. Keep the two in step: a change to the article's code belongs here too.

@Suite struct TestingArticleTests {
    // MARK: The article's model

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
    struct ChangeCategory: Action { var index: Int }

    static func appReducer(action: Action, state: AppState?) -> AppState {
        var state = state ?? AppState()
        switch action {
        case let action as SetQuery: state.query = action.query
        case is SearchStarted, is LoadingStarted: state.isLoading = true
        case let action as SearchFinished:
            state.isLoading = false
            state.books = action.books
        default: break
        }
        return state
    }
    let appReducer: Reducer<AppState> = TestingArticleTests.appReducer

    struct Catalog: Sendable {
        func search(_ query: String) async throws -> [String] {
            query == "swift" ? ["Swift in Depth"] : []
        }
    }
    let catalog = Catalog()

    var loadBooks: AsyncThunk<AppState, Int> {
        let catalog = self.catalog
        return AsyncThunk { dispatch, getState in
            dispatch(SearchStarted())
            let books = try await catalog.search(getState()?.query ?? "")
            dispatch(SearchFinished(books: books))
            return books.count
        }
    }

    var fetchUser: Thunk<AppState> {
        Thunk { dispatch, getState in
            guard getState()?.isLoading == false else { return }
            dispatch(LoadingStarted())
            dispatch(UserLoaded())
        }
    }

    final class View {
        let store: Store<AppState>
        init(store: Store<AppState>) { self.store = store }
        func didSelectRow(at index: Int) { store.dispatch(ChangeCategory(index: index)) }
    }

    // MARK: The article's code

    @Test func typingAQuery() {
        let store = TestStore(initialState: AppState(), reducer: appReducer)
        store.send(SetQuery("swift")) { $0.query = "swift" }
        store.send(SetQuery("swift"))  // no closure: the state must not change
    }

    @Test func searching() async throws {
        let store = TestStore(initialState: AppState(query: "swift"), reducer: appReducer)
        let found = try await store.send(loadBooks)  // an AsyncThunk: awaits its body
        #expect(found == 1)
        await store.receive(SearchStarted()) { $0.isLoading = true }
        await store.receive(SearchFinished.self) {  // or by type
            $0.isLoading = false
            $0.books = ["Swift in Depth"]
        }
    }

    @Test func nonExhaustive() async throws {
        let store = TestStore(initialState: AppState(query: "swift"), reducer: appReducer, exhaustivity: .off)
        try await store.send(loadBooks)
        await store.receive(SearchFinished.self) { $0.books = ["Swift in Depth"] }
    }

    @Test func thunksOnTheirOwn() async throws {
        ExpectThunk(fetchUser)
            .getsState(AppState(isLoading: false))
            .dispatches(LoadingStarted())
            .dispatches { action in #expect(action is UserLoaded) }
            .run()

        let count = try await ExpectAsyncThunk(loadBooks)
            .getsState(AppState(query: "swift"))
            .dispatches(SearchStarted())
            .dispatches(SearchFinished(books: ["Swift in Depth"]))
            .run()
        #expect(count == 1)
    }

    @Test func capturingActions() {
        let store = Store(reducer: appReducer, state: AppState())
        let view = View(store: store)
        let recorder = ActionRecorder()
        recorder.capture(store)
        view.didSelectRow(at: 2)
        #expect(recorder.last(ChangeCategory.self)?.index == 2)
    }
}
