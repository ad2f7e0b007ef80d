import Foundation
import ReSwift
import ReSwiftThunk

/// The load thunk's body (see ``loadLibrariesThunk(service:cache:now:)``): loads the state's
/// query the way the article draws it: dispatches ``LibrariesLoading``, asks the service, then
/// dispatches ``LibrariesLoaded`` or ``LibrariesFailed``.
///
/// Does nothing while a request is already running (reload is disabled while loading). A good
/// answer is written to the cache; when the service can't be reached (no connection, timeout,
/// 5xx), the cached answer for the query is shown instead, marked with its fetch time.
///
/// - Parameters:
///   - service: Where libraries come from.
///   - cache: The disk cache, or `nil` to use none.
///   - now: The clock that stamps fresh answers.
///   - dispatch: The thunk's dispatch; each call is reduced before it returns, and its line is
///     the action's call site.
///   - getState: The store's current state.
package func loadLibraries(
    service: any LibraryService, cache: LibraryCache?, now: @Sendable () -> Date,
    dispatch: AsyncThunkDispatch, getState: @Sendable () -> LibraryFinderState?
) async {
    guard let state = getState(), !state.isLoading else { return }
    let requestID = UUID()
    dispatch(LibrariesLoading(requestID: requestID))
    // Another load may have started between the check and the dispatch; then that one wins.
    guard getState()?.status == .loading(requestID: requestID) else { return }
    let query = state.query
    do {
        let fetched = try await service.libraries(matching: query)
        let fetchedAt = now()
        // A cache that can't be written only costs the offline fallback; the list is still shown.
        try? cache?.save(fetched, for: query, fetchedAt: fetchedAt)
        dispatch(
            LibrariesLoaded(
                requestID: requestID, libraries: query.narrow(fetched),
                source: .network(fetchedAt: fetchedAt)))
    } catch let error as CalilError {
        if error.isServiceUnreachable, let cached = cache?.load(for: query) {
            dispatch(
                LibrariesLoaded(
                    requestID: requestID, libraries: query.narrow(cached.libraries),
                    source: .cache(
                        fetchedAt: cached.fetchedAt, reason: error.description,
                        serviceFailed: error.isServiceFailure)))
        } else {
            dispatch(LibrariesFailed(requestID: requestID, message: error.description))
        }
    } catch is CancellationError {
        dispatch(LibrariesFailed(requestID: requestID, message: "Loading was cancelled."))
    } catch {
        dispatch(LibrariesFailed(requestID: requestID, message: "Loading failed: \(error)."))
    }
}
