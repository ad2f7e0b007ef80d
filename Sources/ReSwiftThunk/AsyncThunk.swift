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
///   error handler, by default ``ThunkHooks/errorHandler``.
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
/// the line of each `dispatch` call as the action's call site (`CallSite.current`).
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
    let origin: CallSite
    /// The thunk's id, for cancelling, debouncing and throttling; `nil` for a thunk without one.
    let id: EffectID?
    /// When the body runs, for a thunk with an id.
    let timing: Timing
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
    public init(fileID: StaticString = #fileID, line: UInt = #line, body: @escaping CallSiteBody) {
        self.init(body, id: nil, timing: .immediately(cancelInFlight: false), fileID, line)
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
    public init(fileID: StaticString = #fileID, line: UInt = #line, body: @escaping Body) {
        let callSiteBody: CallSiteBody = { dispatch, getState in try await body(dispatch.function, getState) }
        self.init(callSiteBody, id: nil, timing: .immediately(cancelInFlight: false), fileID, line)
    }

    /// Creates an async thunk with an id, which `store.cancelThunks(id:)` (or a dispatched
    /// ``CancelThunks``) cancels.
    ///
    /// ```swift
    /// func search(_ query: String) -> AsyncThunk<AppState, Void> {
    ///     AsyncThunk(id: "search", cancelInFlight: true) { dispatch, _ in   // latest wins
    ///         let books = try await catalog.search(query)
    ///         dispatch(SearchFinished(books: books))
    ///     }
    /// }
    /// ```
    ///
    /// A thunk cancelled by id has its task cancelled, so its cleanup runs; the actions it
    /// dispatches from then on are dropped (never reduced) and counted in
    /// ``ThunkEffects/Statistics/droppedActions``; and `try await store.dispatch(thunk)` throws
    /// `CancellationError`, whatever the body returns.
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value: a string, an enum case, a type's `ObjectIdentifier`.
    ///     Ids of different types never match.
    ///   - cancelInFlight: Whether dispatching the thunk first cancels the in-flight thunks with
    ///     the same id, so that only the latest runs on ("latest wins").
    ///   - fileID: The file that creates the thunk; named in error messages. Leave the default.
    ///   - line: The line that creates the thunk; named in error messages. Leave the default.
    ///   - body: The work to run in a new task when the thunk is dispatched.
    public init(
        id: some Hashable & Sendable, cancelInFlight: Bool = false,
        fileID: StaticString = #fileID, line: UInt = #line, body: @escaping CallSiteBody
    ) {
        self.init(body, id: EffectID(id), timing: .immediately(cancelInFlight: cancelInFlight), fileID, line)
    }

    /// Creates an async thunk that runs only after `interval` has passed with no newer thunk of
    /// the same id dispatched: a debounce, for search-as-you-type.
    ///
    /// ```swift
    /// func search(_ query: String) -> AsyncThunk<AppState, Void> {
    ///     AsyncThunk(id: "search", debounce: .milliseconds(300)) { dispatch, _ in
    ///         dispatch(SearchFinished(books: try await catalog.search(query)))
    ///     }
    /// }
    /// ```
    ///
    /// Dispatching it cancels the in-flight thunks with the same id (those still waiting, and
    /// one whose body already runs), then waits `interval` on the thunk middleware's clock
    /// (``ThunkEffects/clock``) before running the body. A superseded thunk's
    /// `try await store.dispatch(thunk)` throws `CancellationError`.
    ///
    /// - Parameters:
    ///   - id: The id the debounce is kept by (see ``init(id:cancelInFlight:fileID:line:body:)``).
    ///   - interval: How long no newer thunk of the id must be dispatched, zero or more. A
    ///     negative or NaN interval is a ``ThunkMisuse``: it is reported, and the thunk doesn't
    ///     run.
    ///   - fileID: The file that creates the thunk; named in error messages. Leave the default.
    ///   - line: The line that creates the thunk; named in error messages. Leave the default.
    ///   - body: The work to run in a new task once the interval has passed.
    public init(
        id: some Hashable & Sendable, debounce interval: EffectDuration,
        fileID: StaticString = #fileID, line: UInt = #line, body: @escaping CallSiteBody
    ) {
        self.init(body, id: EffectID(id), timing: .debounce(interval), fileID, line)
    }

    /// Creates an async thunk that runs at most once per `interval` for its id: a throttle,
    /// leading edge.
    ///
    /// ```swift
    /// let refresh = AsyncThunk<AppState, Void>(id: "refresh", throttle: .seconds(5)) { dispatch, _ in
    ///     dispatch(Refreshed(try await api.refresh()))
    /// }
    /// ```
    ///
    /// The first thunk of an id runs at once and opens a window of `interval` on the thunk
    /// middleware's clock (``ThunkEffects/clock``); thunks of that id dispatched while the
    /// window is open are dropped: their bodies never run, and their
    /// `try await store.dispatch(thunk)` throws `CancellationError`. The next one after the
    /// window closes runs at once and opens a new one. (Leading edge only: to run the last one
    /// of a burst instead, debounce.)
    ///
    /// - Parameters:
    ///   - id: The id the throttle is kept by (see ``init(id:cancelInFlight:fileID:line:body:)``).
    ///   - interval: The window, zero or more. A negative or NaN interval is a ``ThunkMisuse``:
    ///     it is reported, and the thunk doesn't run.
    ///   - fileID: The file that creates the thunk; named in error messages. Leave the default.
    ///   - line: The line that creates the thunk; named in error messages. Leave the default.
    ///   - body: The work to run in a new task when the throttle lets the thunk through.
    public init(
        id: some Hashable & Sendable, throttle interval: EffectDuration,
        fileID: StaticString = #fileID, line: UInt = #line, body: @escaping CallSiteBody
    ) {
        self.init(body, id: EffectID(id), timing: .throttle(interval), fileID, line)
    }

    /// The one initializer the public ones call: they differ only in the id and the timing.
    private init(
        _ body: @escaping CallSiteBody, id: EffectID?, timing: Timing, _ fileID: StaticString, _ line: UInt
    ) {
        self.body = body
        self.origin = CallSite(fileID: fileID, line: line)
        self.id = id
        self.timing = timing
    }
}

/// When an async thunk with an id runs its body.
enum Timing: Sendable {
    /// At once; with `cancelInFlight`, after cancelling the in-flight thunks of its id.
    case immediately(cancelInFlight: Bool)
    /// After the interval, unless a newer thunk of its id came first.
    case debounce(EffectDuration)
    /// At once if no thunk of its id ran within the interval; otherwise never.
    case throttle(EffectDuration)
}

extension AsyncThunk: CustomStringConvertible {
    /// The thunk's type and where it was created, e.g. `AsyncThunk<AppState, Int> (App/Thunks.swift:12)`.
    public var description: String {
        "\(AsyncThunk.self) (\(origin))"
    }
}
