@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import ReSwift
import ReSwiftThunk

extension QueryEndpoint {
    /// Wants `argument`'s entry, waits until it settles (isn't fetching, nor polling for a complete
    /// answer), then stops wanting it, and returns
    /// the entry as it settled: for a thunk that works with the answer itself (deals cards from
    /// it, say) rather than showing the slice.
    ///
    /// ```swift
    /// let deal = AsyncThunk<AppState, Void> { dispatch, _ in
    ///     let entry = await albums.settledEntry("Rock", dispatch: dispatch)
    ///     if let albums = entry?.value { dispatch(Deal(albums)) }
    /// }
    /// ```
    ///
    /// A fresh answer comes back at once, with no fetch; otherwise one fetch is made (or the one
    /// running is joined).
    ///
    /// - Parameters:
    ///   - argument: The entry's argument.
    ///   - dispatch: The thunk's dispatch.
    /// - Returns: The entry: loaded, or failed (with the old value, if any); `nil` when the
    ///   store has no middleware of this endpoint, the entry was removed, or the task was cancelled.
    public func settledEntry(_ argument: Argument, dispatch: AsyncThunkDispatch) async -> QueryEntry<Value>? {
        dispatch(want(argument))
        let waiter = QueryWaiter<Value>()
        let entry = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.wait(with: continuation)
                dispatch(QueryWait(endpoint: name, argument: argument, waiter: waiter))
                waiter.dispatched()
            }
        } onCancel: {
            waiter.resume(with: nil)
        }
        dispatch(unwant(argument))
        return entry
    }
}

/// Asks the endpoint's middleware to resume `waiter` once `argument`'s entry settles. The
/// middleware keeps it from the reducer.
struct QueryWait<Argument: Hashable & Sendable, Value: Sendable>: Action, Sendable {
    var endpoint: String
    var argument: Argument
    var waiter: QueryWaiter<Value>
}

/// One wait for a settled entry: resumed once, by the middleware, by cancellation, or because
/// no middleware took it.
final class QueryWaiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<QueryEntry<Value>?, Never>?
        var isTaken = false
        var isResumed = false
    }

    private let state = Locked(State())

    func wait(with continuation: CheckedContinuation<QueryEntry<Value>?, Never>) {
        let resumedEarly = state.withLock { state -> Bool in
            if state.isResumed { return true }
            state.continuation = continuation
            return false
        }
        if resumedEarly { continuation.resume(returning: nil) }
    }

    /// A middleware took the wait.
    func take() {
        state.withLock { $0.isTaken = true }
    }

    /// The wait went through the chain: resumes it with `nil` if no middleware took it.
    func dispatched() {
        if !state.withLock({ $0.isTaken }) { resume(with: nil) }
    }

    func resume(with entry: QueryEntry<Value>?) {
        let continuation = state.withLock { state -> CheckedContinuation<QueryEntry<Value>?, Never>? in
            guard !state.isResumed else { return nil }
            state.isResumed = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: entry)
    }
}
