extension Store where State: Equatable {
    /// Subscribes an object to the whole `Equatable` state.
    ///
    /// When ``Store/subscriptionsAutomaticallySkipRepeats`` is on, a state equal to the previous
    /// one is not delivered; the subscribers of one notification share one comparison, for which
    /// the store keeps the previous state (so the next change copies what it changes).
    ///
    /// - Parameter subscriber: The object to notify.
    /// - Complexity: O(1) amortized.
    public func subscribe<S: StoreSubscriber>(_ subscriber: S)
    where S.StoreSubscriberStateType == State {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        if _isSubclass {
            // A subclass may override the transform overloads: go through them, as ReSwift does.
            subscribe(subscriber, transform: skipsRepeats ? { $0.skipRepeats() } : nil)
        } else {
            _subscribeWholeState(subscriber, skippingRepeats: skipsRepeats ? (==) : nil)
        }
    }

    /// Subscribes a closure to the whole `Equatable` state, skipping repeats when
    /// ``Store/subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameter onNewState: Called with each state, on the dispatching thread.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken {
        _subscribeClosure(onNewState, skippingRepeats: subscriptionsAutomaticallySkipRepeats ? (==) : nil)
    }
}
