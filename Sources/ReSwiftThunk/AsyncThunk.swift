import ReSwift

/// An action that carries `async` work, which may return a value to whoever awaits it.
///
/// The thunk middleware (``createThunkMiddleware()``) starts the body in a new `Task` when the
/// thunk is dispatched. There are two ways to dispatch it:
///
/// - `try await store.dispatch(thunk)` (`Store.dispatch(_:) async`)
///   returns when the body has finished, with the value it returned or the error it threw.
///   Cancelling the awaiting task cancels the body's task.
/// - `store.dispatch(thunk)` from synchronous code (the plain `Action` overload) starts the body
///   and returns at once: fire and forget. An error the body throws then goes to the middleware's
///   error handler, by default ``ThunkHooks/unhandledErrorHandler``.
///
/// ```swift
/// let loadBooks = AsyncThunk<AppState, Int> { dispatch, getState in
///     dispatch(SearchStarted())
///     let books = try await api.books(matching: getState()?.query ?? "")
///     dispatch(SearchFinished(books))
///     return books.count
/// }
/// let count = try await store.dispatch(loadBooks)
/// ```
///
/// Inside the body, `dispatch` (an ``AsyncThunkDispatch``) sends an action through the store's
/// whole middleware chain and the action is reduced before `dispatch` returns; the store records
/// the line of each `dispatch` call as the action's call site (`DispatchOrigin.current`).
/// `getState` returns the current state, or `nil` once the store is gone. Both may be called from
/// any thread.
public struct AsyncThunk<State, Value: Sendable>: Action, Sendable {
    /// The signature of an async thunk's body whose `dispatch` records call sites.
    ///
    /// - Parameters:
    ///   - dispatch: Sends an action through the store's middleware and reducer, recording the
    ///     line of the call.
    ///   - getState: Returns the store's current state, or `nil` once the store is gone.
    /// - Returns: The value that `try await store.dispatch(thunk)` returns.
    public typealias CallSiteBody =
        @Sendable (
            _ dispatch: AsyncThunkDispatch,
            _ getState: @escaping @Sendable () -> State?
        ) async throws -> Value

    /// The signature of an async thunk's body whose `dispatch` is a plain function, as before
    /// call sites: its dispatches carry no call site. See ``CallSiteBody``.
    ///
    /// - Parameters:
    ///   - dispatch: Sends an action through the store's middleware and reducer.
    ///   - getState: Returns the store's current state, or `nil` once the store is gone.
    /// - Returns: The value that `try await store.dispatch(thunk)` returns.
    public typealias Body =
        @Sendable (
            _ dispatch: @escaping @Sendable (Action) -> Void,
            _ getState: @escaping @Sendable () -> State?
        ) async throws -> Value

    let body: CallSiteBody
    /// Where the thunk was created, for error messages.
    let origin: ThunkOrigin
    /// Set only on the copy that `Store.dispatch(_:) async` sends
    /// through the middleware: the middleware hands the started task back through it.
    var handoff: ThunkHandoff<Value>?
    /// Set only on copies that ReSwiftTesting's `TestStore` tracks.
    var tracker: (any AsyncThunkTracker)?

    /// Creates an async thunk whose `dispatch` calls record their call sites.
    ///
    /// ```swift
    /// AsyncThunk<AppState, Void> { dispatch, _ in
    ///     dispatch(SearchStarted())  // the store sees this line as the call site
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file that creates the thunk; named in error messages. Leave the default.
    ///   - line: The line that creates the thunk; named in error messages. Leave the default.
    ///   - body: The work to run in a new task when the thunk is dispatched.
    public init(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        body: @escaping CallSiteBody
    ) {
        self.body = body
        self.origin = ThunkOrigin(fileID: "\(fileID)", line: line)
    }

    /// Creates an async thunk whose body takes `dispatch` as a plain function, so its dispatches
    /// carry no call site.
    ///
    /// Swift picks this initializer only for a body that needs `dispatch` to be a function (one
    /// that stores it in a `(Action) -> Void` or passes it to a parameter of that type), so code
    /// written before ``AsyncThunkDispatch`` compiles unchanged. To get call sites there, make
    /// the helper take an ``AsyncThunkDispatch``.
    ///
    /// - Parameters:
    ///   - fileID: The file that creates the thunk; named in error messages. Leave the default.
    ///   - line: The line that creates the thunk; named in error messages. Leave the default.
    ///   - body: The work to run in a new task when the thunk is dispatched.
    @_disfavoredOverload
    public init(
        fileID: StaticString = #fileID,
        line: UInt = #line,
        body: @escaping Body
    ) {
        self.body = { dispatch, getState in try await body(dispatch.function, getState) }
        self.origin = ThunkOrigin(fileID: "\(fileID)", line: line)
    }
}

extension AsyncThunk: CustomStringConvertible {
    /// The thunk's type and where it was created, e.g. `AsyncThunk<AppState, Int> (App/Thunks.swift:12)`.
    public var description: String {
        "\(AsyncThunk.self) (\(origin))"
    }
}

/// Where a thunk was created.
struct ThunkOrigin: Sendable, CustomStringConvertible {
    var fileID: String
    var line: UInt

    var description: String { "\(fileID):\(line)" }
}
