// The subscribe functions are inlinable so that the closures they create are specialized in the
// subscriber's module for the concrete state and subscriber types; see `_SubscriptionNode`.

extension Store {
    // MARK: Object subscribers (the open methods are in Store.swift)

    /// The root subscription as one of the subscriber's type, for a `nil` transform.
    @inlinable
    static func _wholeState<SelectedState>(_ root: Subscription<State>) -> Subscription<SelectedState> {
        guard let whole = root as? Subscription<SelectedState> else {
            preconditionFailure(
                "ReSwift: subscribe(_:transform:) was called with a nil transform, but the "
                    + "subscriber expects \(SelectedState.self), not the store's \(State.self).")
        }
        return whole
    }

    /// Subscribes an object to the subscription `transform` derives from the whole state.
    @inlinable
    func _subscribeObject<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: (Subscription<State>) -> Subscription<SelectedState>
    ) where S.StoreSubscriberStateType == SelectedState {
        let context = _SubscriptionContext()
        let selected = transform(Subscription(storeContext: context))
        _add(
            selected._node(
                objectID: ObjectIdentifier(subscriber), kind: type(of: subscriber), context: context
            ) {
                [weak subscriber] _, newState in
                guard let subscriber else { return false }
                subscriber.newState(state: newState)
                return true
            })
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
    @inlinable
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken {
        _token(
            for: _add(
                _ClosureNode(objectID: nil, kind: State.self) { _, newState in
                    newState.borrow(as: State.self, onNewState)
                    return true
                }))
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
    @inlinable
    public func subscribe<SelectedState>(
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        _subscribeClosure(transform: transform, onNewState)
    }

    /// Subscribes a closure to a transformed subscription of an `Equatable` selection, skipping
    /// repeats when ``subscriptionsAutomaticallySkipRepeats`` is on.
    ///
    /// - Parameters:
    ///   - transform: Derives the subscription the closure receives.
    ///   - onNewState: Called with each value that passes the transform.
    /// - Returns: The token that keeps the subscription alive.
    @inlinable
    public func subscribe<SelectedState: Equatable>(
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        return _subscribeClosure(
            transform: { root in
                let selected = transform(root)
                return skipsRepeats ? selected.skipRepeats() : selected
            }, onNewState)
    }

    @inlinable
    func _subscribeClosure<SelectedState>(
        transform: (Subscription<State>) -> Subscription<SelectedState>,
        _ onNewState: @escaping (SelectedState) -> Void
    ) -> SubscriptionToken {
        let context = _SubscriptionContext()
        let selected = transform(Subscription(storeContext: context))
        return _token(
            for: _add(
                selected._node(objectID: nil, kind: SelectedState.self, context: context) { _, newState in
                    onNewState(newState)
                    return true
                }))
    }

    /// Creates the token that removes a closure subscription's node.
    @usableFromInline
    func _token(for node: _SubscriptionNode) -> SubscriptionToken {
        SubscriptionToken { [weak self, weak node] in
            guard let self, let node else { return }
            self._remove(node)
        }
    }
}

// MARK: - The nodes of the open subscribe(_:)

// Not specialized (the open `subscribe(_:)` makes them): each node holds its subscriber itself,
// with no closure context beside it, and the boxes lend the state to a closure, getting `State`
// from the box's class rather than from a metadata lookup.

/// The node of an object subscribed to the whole state.
final class _WholeStateNode<S: StoreSubscriber>: _SubscriptionNode {
    weak var subscriber: S?

    init(_ subscriber: S) {
        self.subscriber = subscriber
        super.init(objectID: ObjectIdentifier(subscriber), kind: type(of: subscriber), deliver: nil)
    }

    override func deliver(_ oldState: _AnyStateBox?, _ newState: _AnyStateBox) -> Bool {
        guard let subscriber else { return false }
        newState.withValue(as: S.StoreSubscriberStateType.self) { subscriber.newState(state: $0) }
        return true
    }
}

/// The node of an object subscribed to the whole state that skips repeated states. `isEqual` is
/// always the store's `==` on its state, which is why the nodes of one notification can share
/// one comparison (see `_AnyStateBox.repeats(_:isEqual:)`).
final class _WholeStateSkippingNode<S: StoreSubscriber>: _SubscriptionNode {
    typealias State = S.StoreSubscriberStateType

    weak var subscriber: S?
    let isEqual: (State, State) -> Bool

    init(_ subscriber: S, isEqual: @escaping (State, State) -> Bool) {
        self.subscriber = subscriber
        self.isEqual = isEqual
        super.init(objectID: ObjectIdentifier(subscriber), kind: type(of: subscriber), deliver: nil)
    }

    override func deliver(_ oldState: _AnyStateBox?, _ newBox: _AnyStateBox) -> Bool {
        newBox.withValue(as: State.self) { newState in
            // Every node of this kind in a store compares with the store's `==`, so the first of
            // a notification compares and the others reuse its answer.
            if let oldState,
                newBox.repeats(
                    oldState, isEqual: { oldState.withValue(as: State.self) { isEqual($0, newState) } })
            {
                return true
            }
            guard let subscriber else { return false }
            subscriber.newState(state: newState)
            return true
        }
    }
}
