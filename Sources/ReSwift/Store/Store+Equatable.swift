extension Store where State: Equatable {
    /// Subscribes an object to the whole `Equatable` state.
    ///
    /// When ``Store/subscriptionsAutomaticallySkipRepeats`` is on, a state equal to the previous
    /// one is not delivered.
    ///
    /// - Parameter subscriber: The object to notify.
    /// - Complexity: O(1) amortized.
    public func subscribe<S: StoreSubscriber>(_ subscriber: S)
    where S.StoreSubscriberStateType == State {
        if subscriptionsAutomaticallySkipRepeats {
            subscribeNode(WholeStateSkippingRepeatsObjectNode(subscriber))
        } else {
            subscribeNode(WholeStateObjectNode(subscriber))
        }
    }
}
