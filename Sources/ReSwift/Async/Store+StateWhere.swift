extension Store where State: Sendable {
    /// Waits until the store's state satisfies a condition, and returns that state.
    ///
    /// Checks the current state first, so it returns at once if the condition already holds.
    ///
    /// ```swift
    /// store.dispatch(loadBooks)
    /// let loaded = try await store.state(where: { !$0.isLoading })
    /// ```
    ///
    /// - Parameter predicate: The condition. It runs in the store's notification, on the
    ///   dispatching thread: keep it fast and free of side effects.
    /// - Returns: The first state, current or future, for which `predicate` returns `true`.
    /// - Throws: `CancellationError` when the waiting task is cancelled; the store subscription
    ///   ends then too.
    public func state(where predicate: @escaping (State) -> Bool) async throws -> State {
        try Task.checkCancellation()
        // The states that match, from a `StoreStates` iteration that ends with this call.
        let matches = StoreSelector(predicate)
        let matching = StoreStates<State>(
            subscribe: { [weak self] deliver in
                self?.subscribe { state in if matches.select(state) { deliver(state) } }
            },
            bufferingPolicy: .newest, isRepeat: nil)
        for await state in matching { return state }
        // The iteration ends without a state only when the task is cancelled: the store, this
        // method's `self`, outlives it.
        throw CancellationError()
    }
}
