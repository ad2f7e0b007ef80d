import ReSwift

extension RecordedSession {
    /// Dispatches the recorded actions into a store, in order.
    ///
    /// Use a fresh store, made with the same reducer and the same initial state as the recorded
    /// one, to arrive at the recorded state. Every action goes through the store's middleware;
    /// leave out middleware with side effects (network, persistence, a recorder writing the same
    /// file) when reproducing a bug.
    ///
    /// ```swift
    /// let store = Store(reducer: appReducer, state: nil)
    /// session.replay(into: store)
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to dispatch into.
    ///   - count: How many actions to replay, from the first; all of them when `nil`. Replay a
    ///     growing prefix to find the action where a bug appears.
    public func replay(into store: some DispatchingStoreType, count: Int? = nil) {
        replay(count: count) { store.dispatch($0) }
    }

    /// Hands the recorded actions to a dispatch function, in order.
    ///
    /// - Parameters:
    ///   - count: How many actions to replay, from the first; all of them when `nil`.
    ///   - dispatch: Called with each action, such as a store's `dispatch` or a test's recorder.
    public func replay(count: Int? = nil, to dispatch: DispatchFunction) {
        let limit = min(max(count ?? entries.count, 0), entries.count)
        for entry in entries.prefix(limit) {
            dispatch(entry.action)
        }
    }

    /// Creates a store and replays the session into it.
    ///
    /// - Parameters:
    ///   - reducer: The app's reducer.
    ///   - state: The initial state the recording started from; `nil` to start from the
    ///     reducer's default, as a store created with `nil` does.
    ///   - middleware: Middleware for the new store; none by default.
    /// - Returns: The store, holding the state the recorded actions lead to.
    public func replayedStore<State>(
        reducer: @escaping Reducer<State>,
        state: State? = nil,
        middleware: [Middleware<State>] = []
    ) -> Store<State> {
        let store = Store(reducer: reducer, state: state, middleware: middleware)
        replay(into: store)
        return store
    }
}
