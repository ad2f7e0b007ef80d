extension Store {
    /// Dispatches the action an action creator returns, if any.
    ///
    /// ```swift
    /// func fetchTunes(state: AppState, store: Store<AppState>) -> FetchTunesAction { … }
    /// store.dispatch(fetchTunes)
    /// ```
    ///
    /// - Parameter actionCreator: Computes an action from the current state, or `nil`.
    @available(
        *, deprecated,
        message: "Use a Thunk from ReSwiftThunk for logic that needs the state before dispatching."
    )
    public func dispatch(_ actionCreator: ActionCreator) {
        if let action = actionCreator(state, self) {
            dispatch(action)
        }
    }

    /// Runs an async action creator, which calls back with an action creator when it is ready.
    ///
    /// - Parameter asyncActionCreator: Starts the asynchronous work.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk for asynchronous work.")
    public func dispatch(_ asyncActionCreator: AsyncActionCreator) {
        dispatchAsyncActionCreator(asyncActionCreator, callback: nil)
    }

    /// Runs an async action creator and calls `callback` with the state once the action it
    /// produced was reduced.
    ///
    /// If the action creator produces no action, `callback` is not called.
    ///
    /// - Parameters:
    ///   - asyncActionCreator: Starts the asynchronous work.
    ///   - callback: Called with the new state after the action was reduced.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk and await its result.")
    public func dispatch(_ asyncActionCreator: AsyncActionCreator, callback: DispatchCallback?) {
        dispatchAsyncActionCreator(asyncActionCreator, callback: callback)
    }

    private func dispatchAsyncActionCreator(
        _ asyncActionCreator: AsyncActionCreator, callback: DispatchCallback?
    ) {
        asyncActionCreator(state, self) { actionCreator in
            guard let action = actionCreator(self.state, self) else { return }
            self.dispatch(action)
            callback?(self.state)
        }
    }
}
