/// One entry in a store's subscriber list.
///
/// Nodes are created, delivered to and removed only while the store's dispatch lock is held.
class SubscriptionNode<State> {
    /// The node's position in the store's list, or `-1` once it was removed.
    final var index = -1

    /// The subscriber object's identity, for subscriptions made with an object.
    final let objectID: ObjectIdentifier?

    init(objectID: ObjectIdentifier?) {
        self.objectID = objectID
    }

    /// Delivers a state.
    ///
    /// - Returns: `false` when the subscriber is gone and the node should be removed.
    func deliver(oldState: State?, newState: State) -> Bool {
        preconditionFailure("Internal inconsistency: SubscriptionNode.deliver is abstract")
    }
}

/// An object subscribed to the whole state, with no transform: one weak load and one call.
final class WholeStateObjectNode<State, Subscriber: StoreSubscriber>: SubscriptionNode<State>
where Subscriber.StoreSubscriberStateType == State {
    weak var subscriber: Subscriber?

    init(_ subscriber: Subscriber) {
        self.subscriber = subscriber
        super.init(objectID: ObjectIdentifier(subscriber))
    }

    override func deliver(oldState: State?, newState: State) -> Bool {
        guard let subscriber else { return false }
        subscriber.newState(state: newState)
        return true
    }
}

/// An object subscribed to an `Equatable` whole state, skipping states equal to the previous one.
final class WholeStateSkippingRepeatsObjectNode<State: Equatable, Subscriber: StoreSubscriber>:
    SubscriptionNode<State>
where Subscriber.StoreSubscriberStateType == State {
    weak var subscriber: Subscriber?

    init(_ subscriber: Subscriber) {
        self.subscriber = subscriber
        super.init(objectID: ObjectIdentifier(subscriber))
    }

    override func deliver(oldState: State?, newState: State) -> Bool {
        if let oldState, oldState == newState { return true }
        guard let subscriber else { return false }
        subscriber.newState(state: newState)
        return true
    }
}

/// Whether the object at the end of a transformed subscription still exists.
final class SubscriberLiveness {
    var isAlive = true
}

/// A subscription through a chain of ``Subscription`` operators.
///
/// The subscriber is only loaded (weakly) when a value reaches the end of the chain, so states
/// that a selection skips cost no weak load.
final class TransformedNode<State>: SubscriptionNode<State> {
    let root: Subscription<State>
    let liveness: SubscriberLiveness

    init(objectID: ObjectIdentifier?, root: Subscription<State>, liveness: SubscriberLiveness) {
        self.root = root
        self.liveness = liveness
        super.init(objectID: objectID)
    }

    override func deliver(oldState: State?, newState: State) -> Bool {
        root.newValues(oldState: oldState, newState: newState)
        return liveness.isAlive
    }
}

/// A closure subscription owned by a ``SubscriptionToken``: no weak load at all.
final class ClosureNode<State>: SubscriptionNode<State> {
    let body: (State) -> Void

    init(body: @escaping (State) -> Void) {
        self.body = body
        super.init(objectID: nil)
    }

    override func deliver(oldState: State?, newState: State) -> Bool {
        body(newState)
        return true
    }
}
