import Foundation
import ReSwift
import ReSwiftQuery

@testable import LibraryFinderModel

/// The list query's actions for the default query's entry, as its middleware dispatches them:
/// for tests that build a state by reducing them.
enum ListActions {
    /// The default query's key on the default server.
    static let key = LibraryQuery().listKey(server: LibraryFinderState().server)

    /// A fetch started.
    static var started: Action {
        QueryAction<LibraryListKey, [Library]>(
            endpoint: LibraryList.declaration.name, argument: key, event: .started)
    }

    /// The answer `libraries`, fetched at `date`.
    static func loaded(_ libraries: [Library], at date: Date) -> Action {
        QueryAction(
            endpoint: LibraryList.declaration.name, argument: key,
            event: .loaded(libraries, at: QueryTimestamp(instant: nil, date: date)))
    }

    /// The fetch failed with `error`, as the endpoint keeps it.
    static func failed(_ error: any Error) -> Action {
        failed(LibraryList.declaration.queryError(error))
    }

    /// The fetch failed with `error`.
    static func failed(_ error: QueryError) -> Action {
        QueryAction<LibraryListKey, [Library]>(
            endpoint: LibraryList.declaration.name, argument: key, event: .failed(error))
    }

    /// `state` with `libraries` loaded in place of its list (a reload's answer).
    static func showing(_ libraries: [Library], in state: LibraryFinderState) -> LibraryFinderState {
        var state = state
        reduceLibraryFinder(started, into: &state)
        reduceLibraryFinder(loaded(libraries, at: Date(timeIntervalSince1970: 1_800_000_000)), into: &state)
        return state
    }
}
