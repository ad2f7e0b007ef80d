@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

// The code of Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/UsingThunks.md, run as written.
// Keep the two in step: a change to the article's code belongs here too.

@Suite struct UsingThunksArticleTests {
    // MARK: The article's model

    struct Book: Equatable, Sendable { var title: String }

    struct AppState: Equatable {
        var categoryIndex = 0
        var query = "swift"
        var isLoading = false
        var books: [Book] = []
        var songsLoadedFor: Int?
    }

    struct ChangeCategory: Action { var index: Int }
    struct SongsLoaded: Action { var index: Int }
    struct SearchStarted: Action {}
    struct SearchFinished: Action { var books: [Book] }

    static func appReducer(action: Action, state: AppState?) -> AppState {
        var state = state ?? AppState()
        switch action {
        case let action as ChangeCategory: state.categoryIndex = action.index
        case let action as SongsLoaded: state.songsLoadedFor = action.index
        case is SearchStarted: state.isLoading = true
        case let action as SearchFinished:
            state.isLoading = false
            state.books = action.books
        default: break
        }
        return state
    }

    struct Catalog: Sendable {
        func search(_ query: String) async throws -> [Book] {
            [Book(title: "Swift in Depth")]
        }
    }
    let catalog = Catalog()

    /// Stands in for the logger of the article's error-handler example.
    final class Logger: Sendable {
        let messages = Locked<[String]>([])
        func error(_ message: String) { messages.withLock { $0.append(message) } }
    }

    func loadSongs(for index: Int) -> Thunk<AppState> {
        Thunk { dispatch, _ in dispatch(SongsLoaded(index: index)) }
    }

    struct Cover: Equatable, Sendable { var book: Book }

    func loadCovers(of books: [Book]) -> AsyncThunk<AppState, [Cover]> {
        AsyncThunk { _, _ in books.map { Cover(book: $0) } }
    }

    // MARK: The article's code

    func selectCategory(_ index: Int) -> Thunk<AppState> {
        Thunk { dispatch, getState in
            guard getState()?.categoryIndex != index else { return }
            dispatch(ChangeCategory(index: index))
            dispatch(loadSongs(for: index))  // a thunk may dispatch another thunk
        }
    }

    var loadBooks: AsyncThunk<AppState, [Book]> {
        let catalog = self.catalog
        return AsyncThunk { dispatch, getState in
            dispatch(SearchStarted())
            let books = try await catalog.search(getState()?.query ?? "")
            dispatch(SearchFinished(books: books))
            return books
        }
    }

    let finishSearchLine: UInt = #line + 2
    func finishSearch(with books: [Book], dispatch: AsyncThunkDispatch) {
        dispatch(SearchFinished(books: books))  // recorded as this line
    }

    let searchStartedLine: UInt = #line + 4
    var search: AsyncThunk<AppState, Void> {
        let catalog = self.catalog
        return AsyncThunk { dispatch, getState in
            dispatch(SearchStarted())
            let books = try await catalog.search(getState()?.query ?? "")
            finishSearch(with: books, dispatch: dispatch)
        }
    }

    private func makeStore(_ middleware: [Middleware<AppState>] = [createThunkMiddleware()]) -> Store<
        AppState
    > {
        Store<AppState>(reducer: Self.appReducer, state: nil, middleware: middleware)
    }

    @Test func synchronousThunks() {
        let store = makeStore()
        store.dispatch(selectCategory(2))
        #expect(store.state.categoryIndex == 2)
        #expect(store.state.songsLoadedFor == 2)
    }

    @Test func awaitingAndChaining() async throws {
        let store = makeStore()
        let books: [Book] = try await store.dispatch(loadBooks)
        let covers: [Cover] = try await store.dispatch(loadCovers(of: books))  // chained on its value
        #expect(covers == [Cover(book: Book(title: "Swift in Depth"))])
    }

    @Test func fireAndForgetFromAsyncCode() async throws {
        let store = makeStore()
        store.dispatch(loadBooks as Action)
        let loaded = try await withDeadline("the books to load") {
            try await store.state(where: { !$0.books.isEmpty })
        }
        #expect(loaded.books == [Book(title: "Swift in Depth")])
    }

    @Test func callSites() async throws {
        let sites = Locked<[String]>([])
        let recordCallSites: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    sites.withLock {
                        $0.append("\(type(of: action)) \(CallSite.current?.line ?? 0)")
                    }
                    next(action)
                }
            }
        }
        let store = makeStore([createThunkMiddleware(), recordCallSites])
        try await store.dispatch(search)
        // SearchStarted from the body, SearchFinished from finishSearch(with:dispatch:).
        let lines = sites.withLock { $0 }.filter { !$0.hasPrefix("ReSwiftInit") }
        #expect(lines == ["SearchStarted \(searchStartedLine)", "SearchFinished \(finishSearchLine)"])
        #expect(store.state.books == [Book(title: "Swift in Depth")])
    }

    @Test func aStoreWithItsOwnErrorHandler() async throws {
        struct Offline: Error {}
        let logger = Logger()
        let reported = OneShotSignal()
        let middleware: Middleware<AppState> = createThunkMiddleware { failure in
            logger.error("\(failure)")
            reported.fire()
        }
        let store = makeStore([middleware])
        store.dispatch(AsyncThunk<AppState, Void> { _, _ in throw Offline() } as Action)
        await reported.wait(for: "the error to be reported")
        #expect(logger.messages.withLock { $0.first?.contains("Offline()") } == true)
    }
}
