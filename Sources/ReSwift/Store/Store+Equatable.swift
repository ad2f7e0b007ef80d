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
        if _isSubclass {
            // A subclass may override the transform overloads: go through them, as ReSwift does.
            _subscribeThroughTransform(subscriber)
            return
        }
        if subscriptionsAutomaticallySkipRepeats {
            _add(_WholeStateSkippingNode(subscriber, isEqual: ==))
        } else {
            _add(_WholeStateNode(subscriber))
        }
    }

    /// Subscribes a closure to the whole `Equatable` state, skipping repeats when
    /// ``Store/subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameter onNewState: Called with each state, on the dispatching thread.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        return _token(
            for: _add(
                _ClosureNode(object: nil, selecting: State.self, comparesWithPrevious: skipsRepeats) {
                    state, subscribers in
                    if skipsRepeats, subscribers.repeatsPrevious(state, isEqual: ==) { return true }
                    onNewState(state)
                    return true
                }))
    }
}

extension Store where State: Equatable {
    /// The `Equatable`-state `subscribe(_:)` of a subclass, which goes through the transform
    /// overloads the subclass may override, as ReSwift 6.1's does.
    func _subscribeThroughTransform<S: StoreSubscriber>(_ subscriber: S)
    where S.StoreSubscriberStateType == State {
        if subscriptionsAutomaticallySkipRepeats {
            subscribe(subscriber, transform: { $0.skipRepeats() })
        } else {
            subscribe(subscriber, transform: nil)
        }
    }
}
