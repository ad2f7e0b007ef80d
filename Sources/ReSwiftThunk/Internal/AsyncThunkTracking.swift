import ReSwift

/// Observes the async thunks the thunk middleware starts. ReSwiftTesting's `TestStore` uses it to
/// fail a test that ends while thunks still run. Not API: its shape may change in any release.
@_spi(Testing)
public protocol AsyncThunkTracker: AnyObject, Sendable {
    /// Called on the dispatching thread before the thunk's task is created.
    ///
    /// - Parameter thunk: The thunk's description (type and where it was created).
    /// - Returns: An identifier for the other two calls.
    func asyncThunkWillStart(_ thunk: String) -> Int

    /// Called on the dispatching thread after the thunk's task was created (possibly after it
    /// finished), with a way to cancel it.
    func asyncThunk(_ id: Int, didStartWithCancel cancel: @escaping @Sendable () -> Void)

    /// Called on the thunk's task when its body has finished.
    ///
    /// - Parameter unhandledError: The error the body threw if nobody awaits the thunk (such
    ///   errors go to the tracker instead of the middleware's error handler).
    func asyncThunkDidFinish(_ id: Int, unhandledError: UnhandledThunkError?)
}

/// Which tracked async thunk is dispatching. While the body of an async thunk that an
/// ``AsyncThunkTracker`` tracks dispatches an action, ``current`` names the thunk, so that
/// ReSwiftTesting's `TestStore` can say who dispatched an action that carries no call site. Not
/// API: its shape may change in any release.
@_spi(Testing)
public enum TrackedAsyncThunk {
    /// The dispatching thunk's type and where it was created, e.g.
    /// `AsyncThunk<AppState, Int> created at App/Thunks.swift:12`; `nil` outside such a dispatch.
    @TaskLocal public static var current: String?
}

/// An action the thunk middleware runs as an async thunk, which a tracker can observe.
@_spi(Testing)
public protocol AsyncThunkTrackable: Action {
    /// A copy of the thunk that reports its run to `tracker`.
    func tracked(by tracker: any AsyncThunkTracker) -> Action
}

@_spi(Testing)
extension AsyncThunk: AsyncThunkTrackable {
    public func tracked(by tracker: any AsyncThunkTracker) -> Action {
        var copy = self
        copy.tracker = tracker
        return copy
    }
}

@_spi(Testing)
extension AsyncThunk {
    /// Runs the body on the calling task with the given `dispatch` and `getState`, without any
    /// middleware. For ReSwiftTesting's `ExpectAsyncThunk`, which runs a thunk against mocks.
    ///
    /// - Returns: The body's value.
    /// - Throws: The body's error.
    public func runBody(
        dispatch: @escaping @Sendable (Action) -> Void,
        getState: @escaping @Sendable () -> State?
    ) async throws -> Value {
        try await body(AsyncThunkDispatch(dispatch), getState)
    }
}
