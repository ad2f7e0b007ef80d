import Foundation
import ReSwift
import ReSwiftThunk

/// The library finder's store: the reducer with `middleware` (instrumentation, such as the
/// inspector's, which the terminal app adds) and then the thunk middleware, starting at `query`.
///
/// - Parameters:
///   - query: What to list.
///   - effects: The thunk middleware's effects, whose clock the book search polls on.
///   - middleware: Middleware before the thunk middleware, so that it sees the thunks' actions.
package func makeLibraryFinderStore(
    query: LibraryQuery, effects: ThunkEffects = ThunkEffects(),
    middleware: [Middleware<LibraryFinderState>] = []
) -> Store<LibraryFinderState> {
    Store<LibraryFinderState>(
        reducer: reduceLibraryFinder, state: LibraryFinderState(query: query),
        middleware: middleware + [createThunkMiddleware(effects: effects)])
}

/// The article's action creator as an async thunk: loads the state's query (see
/// ``loadLibraries(service:cache:now:dispatch:getState:)``). Dispatch it to load at startup and
/// for each reload; while a load runs, another one does nothing.
///
/// - Parameters:
///   - service: Where libraries come from (the Calil client, or a fake in tests).
///   - cache: The disk cache, or `nil` for none.
///   - now: The clock that stamps fresh answers.
package func loadLibrariesThunk(
    service: any LibraryService, cache: LibraryCache?, now: @escaping @Sendable () -> Date = { Date() }
) -> AsyncThunk<LibraryFinderState, Void> {
    AsyncThunk { dispatch, getState in
        await loadLibraries(service: service, cache: cache, now: now, dispatch: dispatch, getState: getState)
    }
}
