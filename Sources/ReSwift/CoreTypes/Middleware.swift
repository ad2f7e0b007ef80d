/// A function that sends an action on its way through the store.
public typealias DispatchFunction = (Action) -> Void

/// A function that sits between ``Store/dispatch(_:)-(Action)`` and the reducer.
///
/// A middleware receives the store's `dispatch` (which starts again at the top of the chain) and a
/// way to read the current state, and returns a function that wraps the next link of the chain.
/// It may pass the action on, swallow it, transform it, or dispatch other actions.
///
/// ```swift
/// let logging: Middleware<AppState> = { dispatch, getState in
///     return { next in
///         return { action in
///             print("will reduce", action)
///             next(action)
///         }
///     }
/// }
/// ```
public typealias Middleware<State> =
    (@escaping DispatchFunction, @escaping () -> State?) -> (@escaping DispatchFunction) -> DispatchFunction
