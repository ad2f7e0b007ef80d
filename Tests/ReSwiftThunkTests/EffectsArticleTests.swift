import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

// The code of Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/Effects.md, run as written.
// Keep the two in step: a change to the article's code belongs here too.

@Suite struct EffectsArticleTests {
    // MARK: The article's model

    struct AppState: Equatable {
        var query = ""
        var books: [String] = []
        var checks: [String] = []
    }

    struct QueryChanged: Action { var query: String }
    struct SearchFinished: Action { var books: [String] }
    struct AvailabilityChecked: Action { var isbn: String }

    static func appReducer(action: Action, state: AppState?) -> AppState {
        var state = state ?? AppState()
        switch action {
        case let action as QueryChanged: state.query = action.query
        case let action as SearchFinished: state.books = action.books
        case let action as AvailabilityChecked: state.checks.append(action.isbn)
        default: break
        }
        return state
    }

    /// A catalog that answers at once, with what it was asked for.
    struct Catalog: Sendable {
        func search(_ query: String) async throws -> [String] {
            query.isEmpty ? [] : ["\(query) in Depth"]
        }
    }
    let catalog = Catalog()
    let clock = TestClock()
    let listeners: ListenerMiddleware<AppState>
    let store: Store<AppState>

    init() {
        let clock = self.clock
        // The article's code (The store's clock; Listeners).
        let effects = ThunkEffects(clock: clock)
        let listeners = ListenerMiddleware<AppState>(clock: clock)
        let store = Store<AppState>(
            reducer: Self.appReducer,
            state: nil,
            middleware: [createThunkMiddleware(effects: effects), listeners.middleware]
        )
        self.listeners = listeners
        self.store = store
    }

    // MARK: The article's code

    func pollAvailability(of isbn: String) -> AsyncThunk<AppState, Void> {
        AsyncThunk(id: "availability") { dispatch, _ in
            while true {
                dispatch(AvailabilityChecked(isbn: isbn))
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: .seconds(2))
            }
        }
    }

    func search(_ query: String) -> AsyncThunk<AppState, [String]> {
        let catalog = self.catalog
        return AsyncThunk(id: "search", cancelInFlight: true) { dispatch, _ in
            let books = try await catalog.search(query)
            dispatch(SearchFinished(books: books))
            return books
        }
    }

    func searchAsYouType(_ query: String) -> AsyncThunk<AppState, Void> {
        let catalog = self.catalog
        return AsyncThunk(id: "search", debounce: .milliseconds(300)) { dispatch, _ in
            dispatch(SearchFinished(books: try await catalog.search(query)))
        }
    }

    var refresh: AsyncThunk<AppState, Void> {
        let catalog = self.catalog
        return AsyncThunk<AppState, Void>(id: "refresh", throttle: .seconds(5)) { dispatch, _ in
            dispatch(SearchFinished(books: try await catalog.search("")))
        }
    }

    func registerListeners() {
        let catalog = self.catalog
        listeners.startListening(for: QueryChanged.self, policy: .latest) { changed, listener in
            try await listener.delay(.milliseconds(300))  // on the store's clock
            let books = try await catalog.search(changed.query)
            listener.dispatch(SearchFinished(books: books))
        }

        listeners.startListening(for: SearchFinished.self) { _, listener in
            guard listener.getState()?.books.isEmpty == true else { return }
            try await listener.condition { $0.query.isEmpty }  // wait for a state
            listener.dispatch(QueryChanged(query: "swift"))
        }
    }

    /// Dispatches from synchronous code, as the article's snippets are.
    func startFromSynchronousCode<Value>(_ thunk: AsyncThunk<AppState, Value>) {
        store.dispatch(thunk)
    }

    // MARK: The tests

    @Test func cancelByID() async {
        startFromSynchronousCode(pollAvailability(of: "9784873119045"))
        await clock.advance(by: .seconds(4))
        #expect(store.state.checks.count == 3, "at 0, 2 and 4 s")
        store.cancelThunks(id: "availability")  // the user left the book view
        await clock.advance(by: .seconds(10))
        #expect(store.state.checks.count == 3)
    }

    @Test func latestWins() async throws {
        let books = try await store.dispatch(search("swift"))
        #expect(books == ["swift in Depth"])
        #expect(store.state.books == books)
    }

    @Test func debounceAndTheTestClock() async {
        startFromSynchronousCode(searchAsYouType("sw"))
        await clock.advance(by: .milliseconds(100))
        startFromSynchronousCode(searchAsYouType("swift"))
        await clock.advance(by: .milliseconds(300))
        #expect(store.state.books == ["swift in Depth"])
    }

    @Test func throttle() async throws {
        store.dispatch(QueryChanged(query: "x"))
        store.dispatch(SearchFinished(books: ["stale"]))
        try await store.dispatch(refresh)
        #expect(store.state.books == [])
        store.dispatch(SearchFinished(books: ["stale"]))
        await #expect(throws: CancellationError.self) { try await store.dispatch(refresh) }
        #expect(store.state.books == ["stale"])
        await clock.advance(by: .seconds(5))
        try await store.dispatch(refresh)
        #expect(store.state.books == [])
    }

    @Test func listeners() async {
        registerListeners()
        store.dispatch(QueryChanged(query: "sw"))
        await clock.advance(by: .milliseconds(100))
        store.dispatch(QueryChanged(query: "swif"))
        await clock.advance(by: .milliseconds(300))
        #expect(store.state.books == ["swif in Depth"], "the latest query only")

        // An empty result waits for the query to be cleared, then searches for "swift".
        store.dispatch(SearchFinished(books: []))
        await clock.settle()
        #expect(store.state.query == "swif")
        store.dispatch(QueryChanged(query: ""))
        await clock.advance(by: .milliseconds(300))
        #expect(store.state.query == "swift")
        await clock.advance(by: .milliseconds(300))
        #expect(store.state.books == ["swift in Depth"])
        #expect(listeners.statistics.activeRuns == 0)
    }
}
