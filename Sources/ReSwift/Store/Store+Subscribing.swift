// The subscribe functions are inlinable so that the closures they create are specialized in the
// subscriber's module for the concrete state and subscriber types; see `_SubscriptionNode`.

extension Store {
    // MARK: Object subscribers (the open methods are in Store.swift)

    /// Subscribes an object to the whole state, skipping states `isEqual` calls repeats.
    func _subscribeWholeState<S: StoreSubscriber>(
        _ subscriber: S, skippingRepeats isEqual: ((State, State) -> Bool)?
    ) where S.StoreSubscriberStateType == State {
        guard let isEqual else {
            _add(
                _SubscriptionNode(objectID: ObjectIdentifier(subscriber)) { [weak subscriber] _, newState in
                    guard let subscriber else { return false }
                    _withBoxedState(at: newState, as: State.self) { subscriber.newState(state: $0) }
                    return true
                })
            return
        }
        _add(
            _SubscriptionNode(objectID: ObjectIdentifier(subscriber)) {
                [weak subscriber] oldState, newState in
                _withBoxedState(at: newState, as: State.self) { newState in
                    if let oldState, _withBoxedState(at: oldState, as: State.self, { isEqual($0, newState) })
                    {
                        return true
                    }
                    guard let subscriber else { return false }
                    subscriber.newState(state: newState)
                    return true
                }
            })
    }

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

    @inlinable
    func _subscribeObject<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: (Subscription<State>) -> Subscription<SelectedState>
    ) where S.StoreSubscriberStateType == SelectedState {
        let liveness = _SubscriberLiveness.make()
        let root = Subscription<State>(liveness: liveness)
        let selected = transform(root)
        selected.observer = { [weak subscriber] _, newState in
            if let subscriber {
                subscriber.newState(state: newState)
            } else {
                liveness.isAlive = false
            }
        }
        _add(_transformedNode(objectID: ObjectIdentifier(subscriber), root: root))
    }

    @inlinable
    func _transformedNode(objectID: ObjectIdentifier?, root: Subscription<State>) -> _SubscriptionNode {
        // The chain is complete once the transform has returned: capture its entry point.
        if let rawObserver = root._rawObserver {
            return _SubscriptionNode(objectID: objectID, deliver: rawObserver)
        }
        let liveness = root._liveness
        return _SubscriptionNode(objectID: objectID) { oldState, newState in
            _StateBox<State>.withValue(at: newState) {
                root.newValues(oldState: _StateBox<State>.value(at: oldState), newState: $0)
            }
            return liveness?.isAlive ?? true
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
    @inlinable
    public func subscribe(_ onNewState: @escaping (State) -> Void) -> SubscriptionToken {
        _token(
            for: _add(
                _SubscriptionNode(objectID: nil) { _, newState in
                    _StateBox<State>.withValue(at: newState, onNewState)
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
        let root = Subscription<State>(liveness: _SubscriberLiveness.make())
        let selected = transform(root)
        selected.observer = { _, newState in onNewState(newState) }
        return _token(for: _add(_transformedNode(objectID: nil, root: root)))
    }

    // MARK: The subscriber list

    /// Creates the token that removes a closure subscription's node.
    @usableFromInline
    func _token(for node: _SubscriptionNode) -> SubscriptionToken {
        SubscriptionToken { [weak self, weak node] in
            guard let self, let node else { return }
            self.dispatchLock.withLock {
                self.removeNode(node)
                self.compactIfNeeded()
            }
        }
    }

    /// Appends a node (replacing the same object's earlier node) and delivers the current state
    /// to it.
    @usableFromInline
    @discardableResult
    func _add(_ node: _SubscriptionNode) -> _SubscriptionNode {
        dispatchLock.withLock {
            if let objectID = node.objectID {
                if let existing = core.pointee.nodesByObject.updateValue(node, forKey: objectID) {
                    removeNode(existing)
                }
            }
            node.index = core.pointee.nodes.count
            core.pointee.nodes.append(Unmanaged.passRetained(node))
            // `dispatchLock` is held: the state can be read without `stateLock`.
            if let box = currentStateBox ?? statePointer.pointee.map(_StateBox.init) {
                currentStateBox = box
                let isAlive = withExtendedLifetime(box) {
                    node.deliver(nil, UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()))
                }
                if !isAlive { removeNode(node) }
            }
        }
        return node
    }

    /// Removes a node from the list. Must be called with `dispatchLock` held.
    func removeNode(_ node: _SubscriptionNode) {
        let index = node.index
        guard index >= 0, let entry = core.pointee.nodes[index] else { return }
        core.pointee.nodes[index] = nil
        node.index = -1
        core.pointee.vacantCount += 1
        if let objectID = node.objectID, core.pointee.nodesByObject[objectID] === node {
            core.pointee.nodesByObject[objectID] = nil
        }
        if isNotifying {
            // The notification loop holds no reference to the node it is calling; keep the
            // node alive until the loop is over.
            core.pointee.retiredNodes.append(entry.takeRetainedValue())
        } else {
            entry.release()
        }
    }

    /// Drops the removed entries once they outnumber the live ones, keeping removal O(1)
    /// amortized. Must be called with `dispatchLock` held, and not while notifying, when the
    /// positions of the nodes are in use.
    func compactIfNeeded() {
        guard core.pointee.vacantCount > 32, core.pointee.vacantCount * 2 > core.pointee.nodes.count,
            !isNotifying
        else { return }
        var compacted = ContiguousArray<Unmanaged<_SubscriptionNode>?>()
        compacted.reserveCapacity(core.pointee.nodes.count - core.pointee.vacantCount)
        for case let entry? in core.pointee.nodes {
            entry._withUnsafeGuaranteedRef { $0.index = compacted.count }
            compacted.append(entry)
        }
        core.pointee.nodes = compacted
        core.pointee.vacantCount = 0
    }
}
