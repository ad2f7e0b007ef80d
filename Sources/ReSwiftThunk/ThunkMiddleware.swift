import ReSwift

/// Creates the middleware that runs thunks.
///
/// A ``Thunk`` runs its body on the dispatching thread; an ``AsyncThunk`` starts its body in a new
/// task. Either way the thunk goes no further down the chain. Every other action goes on to the
/// next middleware, and so to the reducer.
///
/// ```swift
/// let store = Store<AppState>(
///     reducer: appReducer,
///     state: nil,
///     middleware: [createThunkMiddleware()]
/// )
/// ```
///
/// An error thrown by an async thunk that nobody awaits goes to ``ThunkHooks/errorHandler``; use
/// ``createThunkMiddleware(errorHandler:)`` to handle them per store instead.
///
/// - Returns: The thunk middleware for a store of `State`.
public func createThunkMiddleware<State>() -> Middleware<State> {
    thunkMiddleware(effects: nil, errorHandler: nil)
}

/// Creates the middleware that runs thunks, with its own handler for the errors of async thunks
/// that nobody awaits.
///
/// Behaves like ``createThunkMiddleware()``, but an error thrown by an ``AsyncThunk`` dispatched
/// fire-and-forget (from synchronous code) goes to `errorHandler` instead of
/// ``ThunkHooks/errorHandler``. Cancellation errors are not reported. Errors of awaited
/// thunks are thrown to whoever awaits them and never reach the handler.
///
/// ```swift
/// let middleware: Middleware<AppState> = createThunkMiddleware { failure in
///     logger.error("\(failure)")
/// }
/// ```
///
/// - Parameter errorHandler: Called, on the thunk's task, with each unhandled error.
/// - Returns: The thunk middleware for a store of `State`.
public func createThunkMiddleware<State>(
    errorHandler: @escaping @Sendable (UnhandledThunkError) -> Void
) -> Middleware<State> {
    thunkMiddleware(effects: nil, errorHandler: errorHandler)
}

/// Creates the middleware that runs thunks, with the effects (clock, ids, statistics) you give
/// it.
///
/// Behaves like ``createThunkMiddleware(errorHandler:)``; debounced and throttled
/// thunks wait on `effects`' clock, and ``ThunkEffects/statistics`` tells what is in flight.
///
/// ```swift
/// let effects = ThunkEffects(clock: TestClock())
/// let store = Store<AppState>(
///     reducer: appReducer, state: nil, middleware: [createThunkMiddleware(effects: effects)])
/// ```
///
/// - Parameters:
///   - effects: The effects of the store; give each store its own.
///   - errorHandler: Called, on the thunk's task, with each error of an async thunk that
///     nobody awaits; `nil` uses ``ThunkHooks/errorHandler``.
/// - Returns: The thunk middleware for a store of `State`.
public func createThunkMiddleware<State>(
    effects: ThunkEffects, errorHandler: (@Sendable (UnhandledThunkError) -> Void)? = nil
) -> Middleware<State> {
    thunkMiddleware(effects: effects, errorHandler: errorHandler)
}

/// The thunk middleware; with `effects` `nil`, each store gets effects of its own; with
/// `errorHandler` `nil`, errors go to ``ThunkHooks/errorHandler`` as it is when they happen.
private func thunkMiddleware<State>(
    effects sharedEffects: ThunkEffects?, errorHandler: (@Sendable (UnhandledThunkError) -> Void)?
) -> Middleware<State> {
    let errorHandler = errorHandler ?? { ThunkHooks.errorHandler($0) }
    return { dispatch, getState in
        let effects = sharedEffects ?? ThunkEffects()
        let context = EffectContext(dispatch: dispatch, getState: getState, effects: effects)
        return { next in
            return { action in
                switch action {
                case let thunk as Thunk<State>:
                    thunk.body(ThunkDispatch(middlewareDispatch: dispatch), getState)
                case let thunk as any AsyncThunkStarting:
                    if !thunk.start(in: context, errorHandler: errorHandler) {
                        // An async thunk for another state type: like ReSwift-Thunk does with a
                        // Thunk<Other>, pass it on untouched.
                        next(action)
                    }
                default:
                    // Recognised by type first: a comparison costs less than a failed cast, and
                    // every plain action comes this way.
                    let type = ObjectIdentifier(Swift.type(of: action))
                    if type == cancelThunksType, let cancel = action as? CancelThunks {
                        effects.cancel(cancel.id)
                    } else if type == clockInstallationType,
                        let installation = action as? EffectClockInstallation
                    {
                        effects.install(installation.clock)
                        installation.installedInThunkMiddleware(effects)
                        next(action)
                    } else {
                        next(action)
                    }
                }
            }
        }
    }
}

private let cancelThunksType = ObjectIdentifier(CancelThunks.self)
private let clockInstallationType = ObjectIdentifier(EffectClockInstallation.self)

/// The former name of ``createThunkMiddleware()``, kept for code written for ReSwift-Thunk 1.x.
///
/// - Returns: The thunk middleware for a store of `State`.
@available(*, deprecated, renamed: "createThunkMiddleware")
public func createThunksMiddleware<State>() -> Middleware<State> {
    createThunkMiddleware()
}
