extension Store {
    // MARK: Object subscribers (the open methods are in Store.swift)

    /// Subscribes an object to the subscription `transform` derives from the whole state.
    func _subscribeObject<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: (Subscription<State>) -> Subscription<SelectedState>
    ) where S.StoreSubscriberStateType == SelectedState {
        _subscribe(subscriber, selecting: SelectedState.self, transform: transform) { [weak subscriber] in
            guard let subscriber else { return false }
            subscriber.newState(state: $0)
            return true
        }
    }

    /// Subscribes an object to the whole state, with no subscription in between. With `isEqual`
    /// (the state's `==`), it skips a state equal to the one before; the list compares once for
    /// all such subscribers.
    func _subscribeWholeState<S: StoreSubscriber>(
        _ subscriber: S, skippingRepeats isEqual: ((State, State) -> Bool)?
    ) where S.StoreSubscriberStateType == State {
        if _isSubclass { return subscribe(subscriber, transform: nil) }
        _add(_ObjectNode(subscriber, skipsRepeatedStates: isEqual != nil), isEqual: isEqual)
    }

    /// The root subscription as one of the subscriber's type, for a `nil` transform. When the
    /// subscriber takes another type, it gets the states that cast to it, as in ReSwift 6.1
    /// (usually none).
    static func _wholeState<SelectedState>(_ root: Subscription<State>) -> Subscription<SelectedState> {
        if let whole = root as? Subscription<SelectedState> { return whole }
        return Subscription { sink in
            root.observer = { old, new in
                if let new = new as? SelectedState { sink(old as? SelectedState, new) }
            }
        }
    }

    // The message is one line: the compiler prints an attribute's multi-line string as written.
    // swift-format-ignore
    /// ReSwift 3's subscription, whose transform took the state (`{ $0.route }`): since ReSwift
    /// 4 it takes a ``Subscription``, so this only says what to write.
    @available(
        *, unavailable,
        message: "since ReSwift 4 a transform takes the Subscription, not the state: select the part to deliver, as in store.subscribe(subscriber) { $0.select { $0.route } }"
    )
    public func subscribe<Selected, S: StoreSubscriber>(_ subscriber: S, transform: (State) -> Selected) {
        fatalError("unavailable")
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
        _subscribeClosure(onNewState, skippingRepeats: nil)
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
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        _subscribeClosure(onNewState, transform: transform)
    }

    /// Subscribes a closure to a transformed subscription of an `Equatable` selection, skipping
    /// repeats when ``subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameters:
    ///   - transform: Derives the subscription the closure receives.
    ///   - onNewState: Called with each value that passes the transform.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<SelectedState: Equatable>(
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        return _subscribeClosure(onNewState) { skipsRepeats ? transform($0).skipRepeats() : transform($0) }
    }

    // MARK: Adding and removing nodes

    /// Subscribes a closure to the whole state; with `isEqual` (the state's `==`), it skips a
    /// state equal to the one before, as `_subscribeWholeState` does.
    func _subscribeClosure(
        _ onNewState: @escaping (State) -> Void, skippingRepeats isEqual: ((State, State) -> Bool)?
    ) -> SubscriptionToken {
        let node = _ClosureNode<State>(selecting: State.self, skipsRepeatedStates: isEqual != nil) {
            onNewState($0)
            return true
        }
        return _token(for: _add(node, isEqual: isEqual))
    }

    /// Subscribes a closure to the subscription `transform` derives.
    func _subscribeClosure<SelectedState>(
        _ onNewState: @escaping (SelectedState) -> Void,
        transform: (Subscription<State>) -> Subscription<SelectedState>
    ) -> SubscriptionToken {
        _token(
            for: _subscribe(nil, selecting: SelectedState.self, transform: transform) {
                onNewState($0)
                return true
            })
    }

    /// Makes the node of the subscription `transform` derives, delivering to `deliver`, and adds
    /// it.
    @discardableResult
    func _subscribe<SelectedState>(
        _ object: AnyObject?, selecting: Any.Type,
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        deliver: @escaping (SelectedState) -> Bool
    ) -> _SubscriptionNode<State> {
        let root = Subscription<State>(store: core.subscribers, object: object, selecting: selecting)
        // A custom operator that never took values from upstream has nothing to deliver.
        let made =
            transform(root).node(tapping: root.tapped, delivering: deliver)
            ?? _ClosureNode<State>(object: object, selecting: selecting) { _ in true }
        // A transform can only derive from the root subscription it was given, whose nodes
        // take this store's states.
        guard let made = made as? _SubscriptionNode<State> else {
            preconditionFailure("Internal inconsistency: a subscription's node takes another state")
        }
        return _add(made)
    }

    /// Appends a subscriber's node, replacing the same object's earlier node, and delivers the
    /// current state to it; `isEqual` is the state's `==`, for a node that skips repeated states.
    @discardableResult
    func _add(
        _ node: _SubscriptionNode<State>, isEqual: ((State, State) -> Bool)? = nil
    ) -> _SubscriptionNode<State> {
        core.lock.withLock { core.subscribers.add(node, delivering: core.currentState, isEqual: isEqual) }
        return node
    }

    /// Creates the token that removes a closure subscription's node.
    func _token(for node: _SubscriptionNode<State>) -> SubscriptionToken {
        SubscriptionToken { [weak self, weak node] in
            guard let self, let node else { return }
            self.core.lock.withLock { self.core.subscribers.remove(node) }
        }
    }
}
