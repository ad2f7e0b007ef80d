extension Store {
    // MARK: Object subscribers

    /// Subscribes an object to the whole state.
    ///
    /// The subscriber receives the current state at once, then each new state. Subscribing an
    /// object that is already subscribed replaces its subscription. The store holds the
    /// subscriber weakly; it is dropped when it goes away.
    ///
    /// - Parameter subscriber: The object to notify.
    /// - Complexity: O(1) amortized.
    public func subscribe<S: StoreSubscriber>(_ subscriber: S)
    where S.StoreSubscriberStateType == State {
        subscribeNode(WholeStateObjectNode(subscriber))
    }

    /// Subscribes an object to a transformed subscription.
    ///
    /// ```swift
    /// store.subscribe(scoreView) { $0.select(\.game.score) }
    /// ```
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify.
    ///   - transform: Derives the subscription the subscriber receives from one to the whole
    ///     state. When `nil`, the subscriber receives the whole state.
    /// - Complexity: O(1) amortized, plus the cost of building the transform.
    public func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        subscribeObject(subscriber, transform: transform, skippingRepeats: nil)
    }

    /// Subscribes an object to a transformed subscription of an `Equatable` selection.
    ///
    /// When ``subscriptionsAutomaticallySkipRepeats`` is on, repeated values are skipped.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify.
    ///   - transform: Derives the subscription the subscriber receives.
    public func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        subscribeObject(
            subscriber, transform: transform,
            skippingRepeats: subscriptionsAutomaticallySkipRepeats ? (==) : nil)
    }

    private func subscribeObject<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?,
        skippingRepeats isRepeat: ((SelectedState, SelectedState) -> Bool)?
    ) where S.StoreSubscriberStateType == SelectedState {
        let root = Subscription<State>()
        var selected: Subscription<SelectedState>
        if let transform {
            selected = transform(root)
        } else if let whole = root as? Subscription<SelectedState> {
            selected = whole
        } else {
            preconditionFailure(
                "ReSwift: subscribe(_:transform:) was called with a nil transform, but the "
                    + "subscriber expects \(SelectedState.self), not the store's \(State.self).")
        }
        if let isRepeat {
            selected = selected.skipRepeats(isRepeat)
        }
        let liveness = SubscriberLiveness()
        selected.observer = { [weak subscriber] _, newState in
            if let subscriber {
                subscriber.newState(state: newState)
            } else {
                liveness.isAlive = false
            }
        }
        add(TransformedNode(objectID: ObjectIdentifier(subscriber), root: root, liveness: liveness))
    }

    /// Unsubscribes an object; it receives no further states.
    ///
    /// Unsubscribing an object that isn't subscribed does nothing.
    ///
    /// - Parameter subscriber: The object to remove.
    /// - Complexity: O(1) amortized.
    public func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        dispatchLock.withLock {
            if let node = nodesByObject[ObjectIdentifier(subscriber)] {
                removeNode(node)
                compactIfNeeded()
            }
        }
    }

    // MARK: Closure subscriptions

    /// Subscribes a closure to the whole state: the fast path.
    ///
    /// The closure receives the current state at once, then each new state, until the returned
    /// token is cancelled or deallocated. The store holds the closure strongly (through the
    /// token's subscription), so there is no weak reference to load for each state.
    ///
    /// ```swift
    /// let token = store.subscribe { state in render(state) }
    /// ```
    ///
    /// - Parameter onNewState: Called with each state, on the dispatching thread.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken {
        token(for: add(ClosureNode(body: onNewState)))
    }

    /// Subscribes a closure to the whole `Equatable` state, skipping repeats when
    /// ``subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameter onNewState: Called with each state, on the dispatching thread.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken
    where State: Equatable {
        guard subscriptionsAutomaticallySkipRepeats else {
            return token(for: add(ClosureNode(body: onNewState)))
        }
        return subscribe(transform: { $0 }, onNewState)
    }

    /// Subscribes a closure to a transformed subscription.
    ///
    /// ```swift
    /// let token = store.subscribe(transform: { $0.select(\.todos.count) }) { count in
    ///     print(count, "todos")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Derives the subscription the closure receives.
    ///   - onNewState: Called with each value that passes the transform.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<SelectedState>(
        transform: @escaping (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        subscribeClosure(transform: transform, skippingRepeats: nil, onNewState)
    }

    /// Subscribes a closure to a transformed subscription of an `Equatable` selection, skipping
    /// repeats when ``subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameters:
    ///   - transform: Derives the subscription the closure receives.
    ///   - onNewState: Called with each value that passes the transform.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<SelectedState: Equatable>(
        transform: @escaping (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        subscribeClosure(
            transform: transform,
            skippingRepeats: subscriptionsAutomaticallySkipRepeats ? (==) : nil, onNewState)
    }

    private func subscribeClosure<SelectedState>(
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        skippingRepeats isRepeat: ((SelectedState, SelectedState) -> Bool)?,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        let root = Subscription<State>()
        var selected = transform(root)
        if let isRepeat {
            selected = selected.skipRepeats(isRepeat)
        }
        selected.observer = { _, newState in onNewState(newState) }
        let node = TransformedNode(objectID: nil, root: root, liveness: SubscriberLiveness())
        return token(for: add(node))
    }

    func subscribeNode(_ node: SubscriptionNode<State>) {
        add(node)
    }

    private func token(for node: SubscriptionNode<State>) -> SubscriptionToken {
        SubscriptionToken { [weak self, weak node] in
            guard let self, let node else { return }
            self.dispatchLock.withLock {
                self.removeNode(node)
                self.compactIfNeeded()
            }
        }
    }

    // MARK: The subscriber list

    /// Appends a node and delivers the current state to it.
    @discardableResult
    private func add(_ node: SubscriptionNode<State>) -> SubscriptionNode<State> {
        dispatchLock.withLock {
            if let objectID = node.objectID {
                if let existing = nodesByObject[objectID] {
                    removeNode(existing)
                }
                nodesByObject[objectID] = node
            }
            node.index = nodes.count
            nodes.append(node)
            if let state = state, !node.deliver(oldState: nil, newState: state) {
                removeNode(node)
            }
        }
        return node
    }

    /// Removes a node from the list. Must be called with `dispatchLock` held.
    func removeNode(_ node: SubscriptionNode<State>) {
        let index = node.index
        guard index >= 0 else { return }
        nodes[index] = nil
        node.index = -1
        vacantCount += 1
        if let objectID = node.objectID, nodesByObject[objectID] === node {
            nodesByObject[objectID] = nil
        }
    }

    /// Drops the removed entries once they outnumber the live ones, keeping removal O(1)
    /// amortized. Must be called with `dispatchLock` held, and not while notifying, when the
    /// positions of the nodes are in use.
    func compactIfNeeded() {
        guard vacantCount > 32, vacantCount * 2 > nodes.count, !isNotifying else { return }
        var compacted = ContiguousArray<SubscriptionNode<State>?>()
        compacted.reserveCapacity(nodes.count - vacantCount)
        for case let node? in nodes {
            node.index = compacted.count
            compacted.append(node)
        }
        nodes = compacted
        vacantCount = 0
    }
}
