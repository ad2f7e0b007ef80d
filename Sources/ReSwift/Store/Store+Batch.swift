extension Store {
    /// Dispatches several actions, notifying subscribers once, with the final state, when `body`
    /// returns.
    ///
    /// ```swift
    /// store.batch {
    ///     store.dispatch(ClearResults())
    ///     for book in books { store.dispatch(AddResult(book)) }
    /// }
    /// ```
    ///
    /// Middleware and the reducer see each action, in order, as `body` dispatches it; subscribers
    /// see none of the states in between. Batches nest: the outermost one notifies. Actions that
    /// subscribers dispatch from `newState` run after every subscriber saw the batch's state, as
    /// after any dispatch; a batch opened inside `newState` runs its actions, as one batch, once
    /// the current notification is over. Other threads' dispatches wait for the batch. Actions
    /// dispatched on other tasks (an `AsyncThunk`'s) are not part of it.
    ///
    /// Instrumentation reports each action of a batch as a dispatch of its own, with its
    /// middleware and reducer time and no subscriber time: the one notification at the end
    /// belongs to no action, unless the batch runs inside a measured dispatch (from middleware),
    /// which then counts it.
    ///
    /// - Parameter body: Dispatches the actions. If it throws, subscribers are still notified of
    ///   what it reduced, and the error is rethrown.
    /// - Returns: What `body` returns.
    public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        core.lock.lock()
        defer { core.lock.unlock() }
        core.locked.cycle.beginBatch()
        defer { core.endBatch() }
        return try body()
    }
}

extension StoreCore {
    /// The end of a batch: one notification for the actions it reduced, then the actions
    /// subscribers dispatched, as at the end of `reduceAndNotify`.
    func endBatch() {
        guard let last = locked.cycle.endBatch(), !locked.isClosed else { return }
        if !subscribers.isEmpty {
            locked.cycle.beginNotifying()
            notify(measuredBy: locked.measuringProbe)
            locked.cycle.end()
        }
        if locked.cycle.hasDeferredActions { runDeferredActions(after: last) }
    }
}
