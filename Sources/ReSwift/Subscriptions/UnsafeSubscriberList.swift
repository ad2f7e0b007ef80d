@_spi(ReSwiftInternal) import InternalReSwiftUtilities

// The module's one type with unsafe constructs: the subscriber list keeps its nodes as
// unmanaged references, so that the delivery loop calls each subscriber without retaining and
// releasing it, and it keeps what the store's lock guards (the subscribers, the dispatch
// state) without dynamic exclusivity checks. Its invariants are checked in debug builds:
//
// - the store's lock is held by the calling thread (`lock.assertHeld()`);
// - a node's `index` is its position in `nodes`, or -1 once removed (`remove(_:)`, `compact()`);
// - each entry of `nodes` holds one retain of its node, and a node removed while delivering is
//   kept in `retired` until the loop is over.

/// A store's subscribers, in subscription order, with the delivery loop; and the store's
/// ``DispatchState``.
///
/// Subscribing and unsubscribing are O(1) amortized, also during a delivery: a removed node
/// leaves a `nil` entry (a tombstone) that compaction drops once tombstones outnumber the
/// subscribers. Used only holding the store's lock.
///
/// Not generic, so that the store's unspecialized code works on concrete arrays and
/// dictionaries; only delivering knows the state's type, and it casts each node to its
/// `_SubscriptionNode<State>` (every node of a store takes that store's state).
final class _UnsafeSubscriberList {
    // Every property is used only by the thread holding `lock`, which makes each access
    // exclusive: no dynamic exclusivity checks.

    /// The store's lock, which every method expects the calling thread to hold.
    let lock: _StoreLock

    /// Subscribers in subscription order; `nil` marks a removed one until the list is compacted.
    @exclusivity(unchecked) private var nodes: ContiguousArray<Unmanaged<_AnySubscriptionNode>?> = []

    /// The number of `nil` entries in `nodes`.
    @exclusivity(unchecked) private var vacantCount = 0

    /// Nodes removed during the current delivery, kept alive until it ends.
    @exclusivity(unchecked) private var retired: [_AnySubscriptionNode] = []

    /// Whether the delivery loop is running.
    @exclusivity(unchecked) private var isDelivering = false

    /// Object subscribers by identity, for replacing and unsubscribing in O(1).
    @exclusivity(unchecked) private var nodesByObject: [ObjectIdentifier: _AnySubscriptionNode] = [:]

    /// A number no other state of any store in the process has: what a memoized selector
    /// remembers a state by, so that the subscribers of one state read its inputs once. Taken
    /// from a block of numbers this list alone was given, so that numbering a state takes no
    /// process-wide lock; with 64 bits, no count of stores or states runs out of blocks.
    @exclusivity(unchecked) private(set) var version: UInt64

    /// The end of the block `version` comes from.
    @exclusivity(unchecked) private var versionEnd: UInt64

    /// The start of the next block no list was given, from 1: 0 means "no version".
    private static let nextVersionBlock = Locked<UInt64>(1)

    /// The state delivered last (a `PreviousState<State>`), kept only while a subscriber skips
    /// repeated whole states: keeping it makes the next change of the state copy what it changes.
    @exclusivity(unchecked) private var previous: AnyObject?

    /// How many subscribers skip repeated whole states.
    @exclusivity(unchecked) private var previousStateUsers = 0

    /// What a dispatch of the store changes (see `StoreCore.locked`): kept here so that its
    /// accesses, all under the lock, go without a dynamic exclusivity check.
    var dispatchState: DispatchState {
        _read {
            lock.assertHeld()
            yield uncheckedDispatchState
        }
        _modify {
            lock.assertHeld()
            yield &uncheckedDispatchState
        }
    }
    @exclusivity(unchecked) private var uncheckedDispatchState: DispatchState

    init(lock: _StoreLock, dispatchState: DispatchState) {
        self.lock = lock
        uncheckedDispatchState = dispatchState
        (version, versionEnd) = Self.takeVersionBlock()
    }

    /// A block of 4,096 versions that no other list was given.
    private static func takeVersionBlock() -> (start: UInt64, end: UInt64) {
        nextVersionBlock.withLock { next in
            defer { next &+= 4096 }
            return (next, next &+ 4096)
        }
    }

    deinit {
        for case let entry? in nodes { entry.release() }
    }

    /// Gives the state that the reducer just produced a new version.
    func stateDidChange() {
        lock.assertHeld()
        version &+= 1
        if version == versionEnd { (version, versionEnd) = Self.takeVersionBlock() }
    }

    // MARK: Subscribing

    /// Whether any subscriber is in the list.
    var isEmpty: Bool {
        lock.assertHeld()
        return nodes.count == vacantCount
    }

    /// Appends a node, replacing the same object's earlier node, and delivers `state` to it.
    ///
    /// - Parameter isEqual: The state's `==`, for a node that skips repeated whole states.
    func add<State>(
        _ node: _SubscriptionNode<State>, delivering state: State?, isEqual: ((State, State) -> Bool)?
    ) {
        lock.assertHeld()
        if let objectID = node.objectID, let existing = nodesByObject.updateValue(node, forKey: objectID) {
            remove(existing)
        }
        node.index = nodes.count
        nodes.append(Unmanaged.passRetained(node))
        if node.skipsRepeatedStates {
            previousStateUsers += 1
            if previousStateUsers == 1 {
                previous = PreviousState(state, isEqual: isEqual ?? { _, _ in false })
            }
        }
        guard let state else { return }
        // The first state a subscriber gets is never a repeat.
        if !node.deliver(state) { remove(node) }
    }

    /// Removes an object subscriber's node, if it has one.
    func remove(object: AnyObject) {
        lock.assertHeld()
        if let node = nodesByObject[ObjectIdentifier(object)] { remove(node) }
    }

    /// Removes a node; removing it twice does nothing.
    ///
    /// - Complexity: O(1) amortized.
    func remove(_ node: _AnySubscriptionNode) {
        lock.assertHeld()
        let index = node.index
        guard index >= 0 else { return }
        guard let entry = nodes[index], entry.toOpaque() == Unmanaged.passUnretained(node).toOpaque() else {
            preconditionFailure("Internal inconsistency: a subscription's index points elsewhere")
        }
        nodes[index] = nil
        node.index = -1
        vacantCount += 1
        if let objectID = node.objectID, nodesByObject[objectID] === node {
            nodesByObject[objectID] = nil
        }
        if node.skipsRepeatedStates {
            previousStateUsers -= 1
            if previousStateUsers == 0 { previous = nil }
        }
        if isDelivering {
            // The loop holds no reference to the node it is calling: keep it until the loop ends.
            retired.append(entry.takeRetainedValue())
        } else {
            entry.release()
            compactIfNeeded()
        }
    }

    /// Drops the tombstones once they outnumber the subscribers, keeping removal O(1) amortized.
    private func compactIfNeeded() {
        guard vacantCount > 32, vacantCount * 2 > nodes.count, !isDelivering else { return }
        var compacted = ContiguousArray<Unmanaged<_AnySubscriptionNode>?>()
        compacted.reserveCapacity(nodes.count - vacantCount)
        for case let entry? in nodes {
            entry._withUnsafeGuaranteedRef { $0.index = compacted.count }
            compacted.append(entry)
        }
        nodes = compacted
        vacantCount = 0
    }

    // MARK: Delivering

    /// The delivery loop: hands the state in `cell` to each subscriber in subscription order,
    /// and removes the subscribers that are gone.
    ///
    /// Subscribers added during the loop were given the state when they subscribed; the loop
    /// stops at the count it started with so that they don't get it twice. The copy of the state
    /// lent to subscribers ends here, before any other action changes the state.
    ///
    /// - Parameter probe: Told of each subscriber that returned, when the dispatch is measured.
    func deliver<State>(_ cell: StateCell<State?>, measuringInto probe: (any DispatchProbe)?) {
        lock.assertHeld()
        precondition(!isDelivering, "Internal inconsistency: a delivery started inside another")
        guard let state = cell.current else { return }
        // The subscribers of one state share one comparison. Without a subscriber that skips
        // repeats this looks up no type made from `State`: mapping `previous` to a
        // `PreviousState<State>?` did, on each notification.
        var repeats = false
        if let previous {
            // Made by `add` for this store's `State`.
            let last = unsafeDowncast(previous, to: PreviousState<State>.self)
            if let old = last.value { repeats = last.isEqual(old, state) }
            last.value = state
        }
        isDelivering = true
        let count = nodes.count
        var index = 0
        while index < count {
            if let entry = nodes[index] {
                // Every node of the list takes this store's `State` (see `add`).
                let isAlive = entry._withUnsafeGuaranteedRef {
                    let node = unsafeDowncast($0, to: _SubscriptionNode<State>.self)
                    return repeats && node.skipsRepeatedStates || node.deliver(state)
                }
                if let probe {
                    entry._withUnsafeGuaranteedRef {
                        probe.subscriberDidReturn($0.subscriberType, isObject: $0.objectID != nil)
                    }
                }
                if !isAlive { remove(entry.takeUnretainedValue()) }
            }
            index &+= 1
        }
        isDelivering = false
        if !retired.isEmpty { retired.removeAll() }
        compactIfNeeded()
    }

    /// Removes every subscriber: the store went away (possibly in a subscriber's `newState`).
    func removeAll() {
        for case let entry? in nodes { remove(entry.takeUnretainedValue()) }
    }
}

/// One subscriber in a store's list, as the list sees it.
class _AnySubscriptionNode {
    /// The node's position in the list, or `-1` once it was removed.
    final var index = -1

    /// The subscriber object's identity, for subscriptions made with an object.
    final let objectID: ObjectIdentifier?

    /// The subscriber's class, or the type a closure subscription receives: for the probe.
    final let subscriberType: Any.Type

    /// Whether the subscriber skips a whole state equal to the one delivered before it.
    final let skipsRepeatedStates: Bool

    init(object: AnyObject?, selecting: Any.Type, skipsRepeatedStates: Bool) {
        objectID = object.map(ObjectIdentifier.init)
        subscriberType = object.map { type(of: $0) } ?? selecting
        self.skipsRepeatedStates = skipsRepeatedStates
    }
}

/// One subscriber in a store's list, taking the store's states.
class _SubscriptionNode<State>: _AnySubscriptionNode {
    /// Delivers a state; returns `false` when the subscriber is gone and the node should be
    /// removed. The frame right below the loop's.
    func deliver(_ state: State) -> Bool {
        preconditionFailure("Internal inconsistency: \(type(of: self)) has no way to deliver states")
    }
}

/// A node that delivers states through a closure: a closure subscription's, or a subscription's
/// connected steps.
final class _ClosureNode<State>: _SubscriptionNode<State> {
    let body: (State) -> Bool

    init(
        object: AnyObject? = nil, selecting: Any.Type, skipsRepeatedStates: Bool = false,
        deliver body: @escaping (State) -> Bool
    ) {
        self.body = body
        super.init(object: object, selecting: selecting, skipsRepeatedStates: skipsRepeatedStates)
    }

    override func deliver(_ state: State) -> Bool { body(state) }
}

/// The node of an object subscribed to the whole state, which holds it (weakly) and calls its
/// `newState` itself: no closure context beside the node.
final class _ObjectNode<S: StoreSubscriber>: _SubscriptionNode<S.StoreSubscriberStateType> {
    weak var subscriber: S?

    init(_ subscriber: S, skipsRepeatedStates: Bool) {
        self.subscriber = subscriber
        super.init(
            object: subscriber, selecting: S.StoreSubscriberStateType.self,
            skipsRepeatedStates: skipsRepeatedStates)
    }

    override func deliver(_ state: S.StoreSubscriberStateType) -> Bool {
        guard let subscriber else { return false }
        subscriber.newState(state: state)
        return true
    }
}

/// The previous whole state and the state's `==`, for subscribers that skip repeated states.
final class PreviousState<State> {
    @exclusivity(unchecked) var value: State?
    let isEqual: (State, State) -> Bool

    init(_ value: State?, isEqual: @escaping (State, State) -> Bool) {
        self.value = value
        self.isEqual = isEqual
    }
}

/// The last value a step of a subscription produced (see ``Subscription``), or another value
/// that the store's thread keeps between deliveries.
///
/// Read and written without a dynamic exclusivity check: the store never runs a subscription
/// on two threads at once (it holds its lock). Usable from inline: the subscription operators'
/// steps, specialized in the subscriber's module, keep their last values in it.
@usableFromInline
final class _LastValue<Value> {
    @usableFromInline
    @exclusivity(unchecked) var value: Value?

    @inlinable
    init() {}

    /// Keeps `value` as the last one and returns the one before.
    @inlinable
    func exchange(_ value: Value) -> Value? {
        let previous = self.value
        self.value = value
        return previous
    }
}
