import Foundation
import ReSwift
import ReSwiftThunk

/// A small model under test: a book search with loading state and a counter.
struct LibraryState: Equatable {
    var query = ""
    var isLoading = false
    var books: [String] = []
    var error: String?
    var count = 0
}

struct SetQuery: Action, Equatable { var query: String }
struct SearchStarted: Action, Equatable {}
struct SearchFinished: Action, Equatable { var books: [String] }
struct SearchFailed: Action, Equatable { var message: String }
struct Increment: Action, Equatable {}

func libraryReducer(action: Action, state: LibraryState?) -> LibraryState {
    var state = state ?? LibraryState()
    switch action {
    case let action as SetQuery:
        state.query = action.query
    case is SearchStarted:
        state.isLoading = true
        state.error = nil
    case let action as SearchFinished:
        state.isLoading = false
        state.books = action.books
    case let action as SearchFailed:
        state.isLoading = false
        state.error = action.message
    case is Increment:
        state.count += 1
    default:
        break
    }
    return state
}

struct CatalogUnavailable: Error {}

/// A fake catalog the thunks search; `delay` lets tests keep a search running.
struct Catalog: Sendable {
    var books: [String: [String]] = ["swift": ["Swift in Depth", "Advanced Swift"]]
    var delayNanoseconds: UInt64 = 0
    var fails = false

    func search(_ query: String) async throws -> [String] {
        if delayNanoseconds > 0 { try await Task.sleep(nanoseconds: delayNanoseconds) }
        if fails { throw CatalogUnavailable() }
        return books[query] ?? []
    }
}

/// Searches the catalog for the current query; returns the number of books found.
func searchBooks(in catalog: Catalog) -> AsyncThunk<LibraryState, Int> {
    AsyncThunk { dispatch, getState in
        dispatch(SearchStarted())
        do {
            let books = try await catalog.search(getState()?.query ?? "")
            dispatch(SearchFinished(books: books))
            return books.count
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            dispatch(SearchFailed(message: "The catalog is unavailable."))
            return 0
        }
    }
}

/// A synchronous thunk that increments twice. (A computed property: `Thunk` isn't `Sendable`,
/// so Swift 6 doesn't allow it in a global `let`.)
var incrementTwice: Thunk<LibraryState> {
    Thunk { dispatch, _ in
        dispatch(Increment())
        dispatch(Increment())
    }
}

/// A ReSwift-Thunk style thunk that dispatches later, from another thread.
func searchLater(_ query: String) -> Thunk<LibraryState> {
    Thunk { dispatch, getState in
        guard getState()?.isLoading == false else { return }
        dispatch(SearchStarted())
        let later = ThreadSafeDispatch(dispatch)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            later.dispatch(SearchFinished(books: [query]))
        }
    }
}

/// A value behind a lock, shared between a test and the tasks or threads it starts.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `lock`.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A dispatch function handed to another thread.
// @unchecked Sendable: the dispatch functions given to thunks (a store's, or ExpectThunk's)
// may be called from any thread.
struct ThreadSafeDispatch: @unchecked Sendable {
    let dispatch: DispatchFunction

    init(_ dispatch: @escaping DispatchFunction) {
        self.dispatch = dispatch
    }
}
