import Foundation
import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

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

/// A fake catalog the thunks search; `delay` lets tests keep a search running (for at most 10 s:
/// a search held longer ends with a `TestSupportError` unless it is cancelled first).
struct Catalog: Sendable {
    var books: [String: [String]] = ["swift": ["Swift in Depth", "Advanced Swift"]]
    var delayNanoseconds: UInt64 = 0
    var fails = false

    func search(_ query: String) async throws -> [String] {
        if delayNanoseconds > 0 {
            try await withDeadline("the slow search to be cancelled") {
                try await Task.sleep(nanoseconds: delayNanoseconds)
            }
        }
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
        // A thread of its own, like a networking library's callback thread. (Not a global
        // queue: tests that block while they wait could take all of its threads.)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.02)
            later.dispatch(SearchFinished(books: [query]))
        }
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
