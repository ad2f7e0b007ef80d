import ReSwift

/// An action that carries work instead of data: the thunk middleware runs its body, and the
/// reducer never sees it.
///
/// A thunk's body receives the store's `dispatch` (a ``ThunkDispatch``, which records the line of
/// each call as the action's call site) and a way to read the current state, so it can decide
/// what to dispatch, now or later (after a network call returns, for instance):
///
/// ```swift
/// let fetchUser = Thunk<AppState> { dispatch, getState in
///     guard getState()?.isLoading == false else { return }
///     dispatch(LoadingStarted())
///     api.fetchUser { user in dispatch(UserLoaded(user)) }
/// }
/// store.dispatch(fetchUser)
/// ```
///
/// The store must run ``createThunkMiddleware()``. Source compatible with ReSwift-Thunk 2.x.
/// For work written with `async`/`await`, and to wait for the work to finish, use ``AsyncThunk``.
public struct Thunk<State>: Action {
    let body: (_ dispatch: ThunkDispatch, _ getState: @escaping () -> State?) -> Void

    /// Creates a thunk whose `dispatch` calls record their call sites.
    ///
    /// - Parameter body: The work to run when the thunk is dispatched. It runs synchronously on the
    ///   dispatching thread, before `dispatch` returns. `dispatch` sends an action through the
    ///   whole middleware chain (an action dispatched this way is reduced before `dispatch`
    ///   returns) and records the line of the call as the action's call site; `getState` returns
    ///   the store's current state, or `nil` once the store is gone.
    public init(body: @escaping (_ dispatch: ThunkDispatch, _ getState: @escaping () -> State?) -> Void) {
        self.body = body
    }

    /// Creates a thunk whose body takes `dispatch` as a `DispatchFunction`, as in ReSwift-Thunk, so
    /// its dispatches carry no call site.
    ///
    /// Swift picks this initializer for a body that needs `dispatch` to be a function (one that
    /// stores it in a `DispatchFunction` or passes it to a parameter of that type), or for a
    /// function passed as `body`, so ReSwift-Thunk code compiles unchanged.
    ///
    /// - Parameter body: The work to run when the thunk is dispatched. It runs synchronously on the
    ///   dispatching thread, before `dispatch` returns. `dispatch` sends an action through the
    ///   whole middleware chain (an action dispatched this way is reduced before `dispatch`
    ///   returns); `getState` returns the store's current state, or `nil` once the store is gone.
    @_disfavoredOverload
    public init(
        body: @escaping (_ dispatch: @escaping DispatchFunction, _ getState: @escaping () -> State?) -> Void
    ) {
        self.body = { dispatch, getState in body(dispatch.function, getState) }
    }
}
