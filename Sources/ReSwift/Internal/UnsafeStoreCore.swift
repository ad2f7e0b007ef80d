// The one file of the module with unsafe constructs: unmanaged references, unchecked downcasts
// and stored properties without dynamic exclusivity checks (the selectors' caches also skip
// those checks, under their own lock). Each is there for the notification and dispatch loops or
// the per-thread instrumentation context, and each rests on an invariant that the debug build
// checks or that the context's per-thread ownership gives:
//
// - the store's lock is held by the calling thread (`assertLocked`);
// - the phase moves idle → reducing → notifying → idle (`enter(_:)`);
// - a node's `index` is its position in `nodes`, or -1 once removed (`remove(_:)`, `compact()`);
// - a thread context is reached only by its own thread, through its `pthread` key.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A store's bookkeeping: its lock, what the dispatching thread is doing, the actions it
/// deferred, the middleware chain, the current state's box, and the subscriber list with its
/// delivery loop.
///
/// Not generic: the store's unspecialized code reaches each field at a fixed offset. Every
/// property is read and written only while holding `lock` (checked in debug builds), which is
/// why they carry `@exclusivity(unchecked)`: the lock already makes each access exclusive, and
/// the dynamic check would cost more than the rest of a dispatch.
final class _StoreCore: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is guarded by `lock`.

    // MARK: The lock

    /// Serializes dispatches and subscription changes; recursive so that middleware, thunks and
    /// subscribers can dispatch and subscribe from the dispatching thread.
    private let lock = Locked(recursive: true)

    #if DEBUG
        /// The thread holding `lock` and how many times it took it, for `assertLocked`.
        @exclusivity(unchecked) private var owner: pthread_t?
        @exclusivity(unchecked) private var depth = 0
    #endif

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock {
            #if DEBUG
                owner = pthread_self()
                depth += 1
                defer {
                    depth -= 1
                    if depth == 0 { owner = nil }
                }
            #endif
            return try body()
        }
    }

    /// Stops a debug build when the calling thread doesn't hold the lock.
    @inline(__always)
    func assertLocked(_ function: StaticString = #function) {
        #if DEBUG
            assert(
                owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false,
                "Internal inconsistency: \(function) needs the store's lock")
        #endif
    }

    // MARK: The phase

    /// What the dispatching thread is doing, used to catch and order nested dispatches.
    enum Phase: UInt8 {
        /// Running middleware, or not dispatching at all.
        case idle
        /// Inside the reducer: dispatching now is a programming error.
        case reducing
        /// Calling subscribers: a dispatch now waits until every subscriber has seen the state.
        case notifying
    }

    @exclusivity(unchecked) private var storedPhase = Phase.idle

    /// What the dispatching thread is doing.
    var phase: Phase {
        assertLocked()
        return storedPhase
    }

    /// Moves to the next phase of a dispatch: idle → reducing → notifying → idle, or
    /// reducing → idle when there is nobody to notify.
    @inline(__always)
    func enter(_ next: Phase) {
        assertLocked()
        #if DEBUG
            switch (storedPhase, next) {
            case (.idle, .reducing), (.reducing, .notifying), (.reducing, .idle), (.notifying, .idle):
                break
            default:
                preconditionFailure("Internal inconsistency: the store went from \(storedPhase) to \(next)")
            }
        #endif
        storedPhase = next
    }

    /// Whether the store was deallocated: its middleware chain may outlive it, and does nothing.
    @exclusivity(unchecked) private(set) var isClosed = false

    // MARK: Dispatching

    /// An action that arrived while subscribers were being notified.
    struct DeferredAction {
        var action: Action
        /// Whether it still has to go through the middleware: `false` when it arrived at the
        /// end of the chain (the middleware has seen it), so that middleware sees each action
        /// exactly once.
        var needsMiddleware: Bool
        /// Where it was dispatched from, when the caller said.
        var callSite: CallSite?
    }

    /// Actions dispatched from `newState`, processed once the current notification is over.
    @exclusivity(unchecked) private var deferredActions: [DeferredAction] = []

    /// Defers an action until the current notification is over.
    func deferAction(_ action: Action, needsMiddleware: Bool, callSite: CallSite? = nil) {
        assertLocked()
        assert(
            storedPhase == .notifying, "Internal inconsistency: deferring an action outside a notification")
        deferredActions.append(
            DeferredAction(action: action, needsMiddleware: needsMiddleware, callSite: callSite))
    }

    /// Takes the deferred actions, oldest first.
    func takeDeferredActions() -> [DeferredAction] {
        assertLocked()
        guard !deferredActions.isEmpty else { return [] }
        let actions = deferredActions
        deferredActions.removeAll(keepingCapacity: true)
        return actions
    }

    /// Whether any action waits in `deferredActions`.
    var hasDeferredActions: Bool {
        assertLocked()
        return !deferredActions.isEmpty
    }

    /// The middleware chain ending in the reducer, in an object so that a dispatch can call it
    /// without retaining it (see `runChain`).
    private final class Chain {
        let run: DispatchFunction
        init(_ run: @escaping DispatchFunction) { self.run = run }
    }

    /// The chain; holds one retain of its object.
    @exclusivity(unchecked) private var chain: Unmanaged<Chain>?

    /// Chains replaced while one was running, kept alive until the outermost run is over.
    @exclusivity(unchecked) private var replacedChains: [Chain] = []

    /// How many runs of the chain are in progress on the thread holding the lock.
    @exclusivity(unchecked) private var chainRuns = 0

    /// The middleware chain ending in the reducer (``Store/dispatchFunction``).
    var dispatchFunction: DispatchFunction? {
        get {
            assertLocked()
            return chain?.takeUnretainedValue().run
        }
        set {
            assertLocked()
            if let old = chain {
                if chainRuns > 0 {
                    // The running chain's code must stay alive until it returns.
                    replacedChains.append(old.takeRetainedValue())
                } else {
                    old.release()
                }
            }
            chain = newValue.map { Unmanaged.passRetained(Chain($0)) }
        }
    }

    /// Sends an action through the chain. Only `dispatchFunction`'s setter releases a chain,
    /// and it keeps a running one alive, so the call needs no retain.
    @inline(__always)
    func runChain(_ action: Action) {
        assertLocked()
        guard let chain else { return }
        chainRuns &+= 1
        chain._withUnsafeGuaranteedRef { $0.run(action) }
        chainRuns &-= 1
        if chainRuns == 0, !replacedChains.isEmpty {
            replacedChains.removeAll()
        }
    }

    /// The chain's last link: reduces an action and notifies the subscribers. For an action
    /// that reached the end of the chain during a notification and was deferred.
    @exclusivity(unchecked) var lastLink: DispatchFunction?

    /// Reduces an action that the middleware has seen.
    func runLastLink(_ action: Action) {
        assertLocked()
        lastLink?(action)
    }

    // MARK: Instrumentation

    /// The store's ``Store/instrumentation``.
    @exclusivity(unchecked) var instrumentation: (any StoreInstrumentation)? {
        didSet { updateTracing() }
    }

    /// The call site `dispatch(_:file:line:)` passes to the open `dispatch(_:)`, taken by the
    /// first dispatch that reaches the store.
    @exclusivity(unchecked) private var pendingCallSite: CallSite? {
        didSet { updateTracing() }
    }

    /// Whether a dispatch must be traced: the store has an instrumentation, a call site is
    /// waiting, or an action is being traced (so that a nested action hides its origin). The one
    /// flag the untraced dispatch path reads.
    @exclusivity(unchecked) private(set) var isTracing = false

    /// The actions being traced on the thread holding the lock, outermost first, in
    /// `frames[0..<frameDepth]`; the frames past `frameDepth` are kept for reuse.
    @exclusivity(unchecked) private var frames: [_DispatchFrame] = []
    @exclusivity(unchecked) private var frameDepth = 0

    private func updateTracing() {
        isTracing = instrumentation != nil || pendingCallSite != nil || frameDepth > 0
    }

    /// Runs `body` (which calls the open `dispatch(_:)`) with `callSite` waiting for the
    /// dispatch it makes.
    func withCallSite(_ callSite: CallSite, _ body: () -> Void) {
        assertLocked()
        pendingCallSite = callSite
        body()
        // An override that didn't call the store's dispatch leaves it waiting.
        if pendingCallSite != nil { pendingCallSite = nil }
    }

    /// Takes the waiting call site.
    func takeCallSite() -> CallSite? {
        assertLocked()
        guard let callSite = pendingCallSite else { return nil }
        pendingCallSite = nil
        return callSite
    }

    /// The action being traced on this thread, whose middleware is running: the parent of an
    /// action dispatched now.
    var middlewareParent: DispatchParent? {
        assertLocked()
        return frameDepth > 0 ? .middleware(frames[frameDepth - 1].actionType) : nil
    }

    /// The frame of the action being traced on this thread, if any.
    var currentFrame: _DispatchFrame? {
        assertLocked()
        return frameDepth > 0 ? frames[frameDepth - 1] : nil
    }

    /// Processes an action with its origin current and, when the store has an instrumentation,
    /// measures it and reports it once it and the actions it deferred are done.
    ///
    /// - Parameters:
    ///   - throughChain: Whether the action goes through the middleware (or only the last link).
    func runTraced(_ action: Action, callSite: CallSite?, parent: DispatchParent?, throughChain: Bool) {
        assertLocked()
        // One look-up of the thread's context, for its description and its current origin.
        let context = _ThreadContext.current
        let origin = DispatchOrigin(callSite: callSite, thread: context.thread, parent: parent)
        if frameDepth == frames.count { frames.append(_DispatchFrame()) }
        let frame = frames[frameDepth]
        frame.begin(type(of: action), origin: origin)
        frameDepth += 1
        isTracing = true
        let elapsed = context.withOrigin(origin) {
            let start = _MonotonicClock.now()
            if throughChain { runChain(action) } else { runLastLink(action) }
            return _MonotonicClock.nanoseconds(since: start)
        }
        frameDepth -= 1
        updateTracing()
        guard let instrumentation else {
            frame.end()
            return
        }
        let measurement = frame.measurement(elapsed: elapsed)
        if frameDepth > 0 {
            // Reported with the outermost action, in completion order except that an action
            // deferred from `newState` follows the one whose notification deferred it.
            let outer = frames[frameDepth - 1]
            outer.childNanoseconds &+= elapsed
            if case .subscriber = parent {
                outer.after.append(contentsOf: frame.before)
                outer.after.append(measurement)
                outer.after.append(contentsOf: frame.after)
            } else {
                outer.before.append(contentsOf: frame.before)
                outer.before.append(measurement)
                outer.before.append(contentsOf: frame.after)
            }
            frame.end()
        } else {
            if frame.before.isEmpty, frame.after.isEmpty {
                instrumentation.storeDidDispatch(measurement)
            } else {
                for report in frame.before { instrumentation.storeDidDispatch(report) }
                instrumentation.storeDidDispatch(measurement)
                for report in frame.after { instrumentation.storeDidDispatch(report) }
            }
            frame.end()
        }
    }

    /// The delivery loop of a traced action: `notify`, timing each subscriber into `frame`.
    ///
    /// One clock reading per subscriber: each subscriber's time runs from the previous reading
    /// (`start` for the first) to the end of its delivery.
    func notifyMeasured(
        oldState: _AnyStateBox?, newState: _AnyStateBox, into frame: _DispatchFrame, start: UInt64
    ) {
        assertLocked()
        assert(storedPhase == .notifying, "Internal inconsistency: notifying outside the notifying phase")
        currentStateBox = newState
        let count = nodes.count
        var index = 0
        var previous = start
        while index < count {
            if let entry = nodes[index] {
                let (isAlive, kind) = entry._withUnsafeGuaranteedRef {
                    ($0.deliverState(oldState, newState), $0.subscriberKind)
                }
                let end = _MonotonicClock.now()
                frame.subscribers.append(
                    SubscriberMeasurement(subscriber: kind, nanoseconds: end >= previous ? end - previous : 0)
                )
                previous = end
                if !isAlive {
                    remove(entry.takeUnretainedValue())
                }
            }
            index &+= 1
        }
        if !retiredNodes.isEmpty {
            retiredNodes.removeAll()
        }
    }

    // MARK: The handler for misuse

    /// The store's ``Store/misuseHandler``.
    @exclusivity(unchecked) var misuseHandler: ((StoreMisuse) -> Void)?

    // MARK: The state box

    /// The current state in a box, once a subscription has needed one; `nil` after the state
    /// changed until the next notification or subscription boxes it.
    @exclusivity(unchecked) private(set) var currentStateBox: _AnyStateBox?

    /// The current state's box, made with `makeBox` if there is none.
    @inline(__always)
    func stateBox(orMake makeBox: () -> _AnyStateBox?) -> _AnyStateBox? {
        assertLocked()
        if let box = currentStateBox { return box }
        currentStateBox = makeBox()
        return currentStateBox
    }

    /// The serial numbers this store gives its state boxes: `nextBoxSerial..<lastBoxSerial`,
    /// a block taken from `_BoxSerials`.
    @exclusivity(unchecked) private var nextBoxSerial: UInt64 = 0
    @exclusivity(unchecked) private var boxSerialEnd: UInt64 = 0

    /// A box for a state, with a serial number no other box has.
    @inline(__always)
    func makeBox<State>(_ state: State) -> _StateBox<State> {
        assertLocked()
        if nextBoxSerial == boxSerialEnd {
            (nextBoxSerial, boxSerialEnd) = _BoxSerials.takeBlock()
        }
        let serial = nextBoxSerial
        nextBoxSerial &+= 1
        return _StateBox(state, serial: serial)
    }

    /// Forgets the current state's box: the state is about to change.
    @inline(__always)
    func stateWillChange() {
        assertLocked()
        currentStateBox = nil
    }

    // MARK: The subscriber list

    /// Subscribers in subscription order; `nil` marks a removed one until the list is compacted.
    /// Each entry holds one retain of its node (released by `remove` or `close`), so that the
    /// delivery loop can call nodes without retaining them.
    @exclusivity(unchecked) private var nodes: ContiguousArray<Unmanaged<_SubscriptionNode>?> = []

    /// The number of `nil` entries in `nodes`.
    @exclusivity(unchecked) private var vacantCount = 0

    /// Nodes removed during the current notification, kept alive until it ends.
    @exclusivity(unchecked) private var retiredNodes: [_SubscriptionNode] = []

    /// Object subscribers by identity, for replacing and unsubscribing in O(1).
    @exclusivity(unchecked) private var nodesByObject: [ObjectIdentifier: _SubscriptionNode] = [:]

    /// Whether any subscriber is in the list.
    var hasSubscribers: Bool {
        assertLocked()
        return nodes.count > vacantCount
    }

    /// Appends a node, replacing the same object's earlier node, and delivers `state` to it.
    func add(_ node: _SubscriptionNode, delivering state: _AnyStateBox?) {
        assertLocked()
        guard !isClosed else { return }
        if let objectID = node.objectID,
            let existing = nodesByObject.updateValue(node, forKey: objectID)
        {
            remove(existing)
        }
        node.index = nodes.count
        nodes.append(Unmanaged.passRetained(node))
        if let state, !node.deliverState(nil, state) {
            remove(node)
        }
    }

    /// The node of an object subscriber.
    func node(for object: AnyObject) -> _SubscriptionNode? {
        assertLocked()
        return nodesByObject[ObjectIdentifier(object)]
    }

    /// Removes a node from the list; removing it twice does nothing.
    ///
    /// - Complexity: O(1) amortized.
    func remove(_ node: _SubscriptionNode) {
        assertLocked()
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
        if storedPhase == .notifying {
            // The delivery loop holds no reference to the node it is calling; keep the node
            // alive until the loop is over.
            retiredNodes.append(entry.takeRetainedValue())
        } else {
            entry.release()
            compactIfNeeded()
        }
    }

    /// Drops the removed entries once they outnumber the live ones, keeping removal O(1)
    /// amortized. Does nothing while notifying, when the positions of the nodes are in use.
    @inline(__always)
    func compactIfNeeded() {
        assertLocked()
        guard vacantCount > 32, vacantCount * 2 > nodes.count, storedPhase != .notifying else { return }
        compact()
    }

    private func compact() {
        var compacted = ContiguousArray<Unmanaged<_SubscriptionNode>?>()
        compacted.reserveCapacity(nodes.count - vacantCount)
        for case let entry? in nodes {
            entry._withUnsafeGuaranteedRef { $0.index = compacted.count }
            compacted.append(entry)
        }
        nodes = compacted
        vacantCount = 0
    }

    /// The delivery loop: calls each subscriber with the old and new states' boxes, in
    /// subscription order, and removes the subscribers that are gone.
    ///
    /// Call it in the notifying phase. Subscribers added during the loop were given the new
    /// state when they subscribed; the loop stops at the count it started with so that they
    /// don't get it twice.
    func notify(oldState: _AnyStateBox?, newState: _AnyStateBox) {
        assertLocked()
        assert(storedPhase == .notifying, "Internal inconsistency: notifying outside the notifying phase")
        currentStateBox = newState
        let count = nodes.count
        var index = 0
        while index < count {
            if let entry = nodes[index] {
                let isAlive = entry._withUnsafeGuaranteedRef { $0.deliverState(oldState, newState) }
                if !isAlive {
                    remove(entry.takeUnretainedValue())
                }
            }
            index &+= 1
        }
        if !retiredNodes.isEmpty {
            retiredNodes.removeAll()
        }
    }

    /// Ends the store: releases the chain (which may hold middleware that holds the store's
    /// closures) and the subscriber list. A chain kept by someone else does nothing afterwards.
    func close() {
        withLock {
            isClosed = true
            dispatchFunction = nil
            lastLink = nil
            for case let entry? in nodes {
                entry._withUnsafeGuaranteedRef { $0.index = -1 }
                entry.release()
            }
            nodes.removeAll()
            nodesByObject.removeAll()
            vacantCount = 0
        }
    }

    deinit {
        chain?.release()
        for case let entry? in nodes {
            entry.release()
        }
    }
}

/// One entry in a store's subscriber list.
///
/// Most nodes deliver states through a closure (`body`) made by the inlinable subscribe
/// functions in the subscriber's module, where the state's and the subscriber's types are known,
/// so the compiler specializes it: the delivery loop calls one closure per subscriber with no
/// generic metadata, no witness tables and no copies of the state. A subclass without a closure
/// overrides `deliver` instead, holding what it needs itself (no closure context beside it).
@usableFromInline
class _SubscriptionNode {
    /// The node's position in the store's list, or `-1` once it was removed.
    final var index = -1

    /// The subscriber object's identity, for subscriptions made with an object.
    final let objectID: ObjectIdentifier?

    /// Whether `body` delivers the states (otherwise a subclass overrides `deliver`).
    final let hasBody: Bool

    /// The subscriber object's class, or the type a closure subscription receives: what
    /// instrumentation groups the subscriber's times by.
    final let kindType: Any.Type

    /// Delivers a state, when `hasBody`. Not optional: calling a closure out of an optional
    /// would retain it for each state.
    final let body: _Delivery

    @usableFromInline
    init(objectID: ObjectIdentifier?, kind: Any.Type, deliver body: _Delivery?) {
        self.objectID = objectID
        self.kindType = kind
        self.hasBody = body != nil
        self.body = body ?? { _, _ in preconditionFailure("Internal inconsistency: a node without a body") }
    }

    /// Delivers a state. The boxes are only guaranteed to exist during the call.
    ///
    /// - Returns: `false` when the subscriber is gone and the node should be removed.
    @inline(__always)
    final func deliverState(_ oldState: _AnyStateBox?, _ newState: _AnyStateBox) -> Bool {
        hasBody ? body(oldState, newState) : deliver(oldState, newState)
    }

    /// The subscriber, by type.
    final var subscriberKind: SubscriberKind {
        // An object subscription's `kindType` is the object's class (see the subscribe
        // functions), so it is an `AnyObject.Type`.
        objectID == nil
            ? .closure(selecting: kindType) : .object(unsafeBitCast(kindType, to: AnyObject.Type.self))
    }

    /// Delivers a state for a node made without a closure.
    func deliver(_ oldState: _AnyStateBox?, _ newState: _AnyStateBox) -> Bool {
        preconditionFailure("Internal inconsistency: \(type(of: self)) has no way to deliver states")
    }
}

/// A node that delivers states through a closure.
@usableFromInline
final class _ClosureNode: _SubscriptionNode {
    @usableFromInline
    init(objectID: ObjectIdentifier?, kind: Any.Type, deliver: @escaping _Delivery) {
        super.init(objectID: objectID, kind: kind, deliver: deliver)
    }
}

/// What the store measures of one traced action while it is processed.
final class _DispatchFrame {
    // Used only by the thread holding the store's lock (see `_StoreCore`), hence no dynamic
    // exclusivity checks.

    @exclusivity(unchecked) var actionType: any Action.Type = ReSwiftInit.self
    @exclusivity(unchecked) var origin = DispatchOrigin(thread: DispatchThread(isMain: false))
    /// Time in the reducer, added up over the times the action reached it.
    @exclusivity(unchecked) var reducerNanoseconds: UInt64?
    @exclusivity(unchecked) var subscribers: [SubscriberMeasurement] = []
    /// Time in the actions dispatched while this one was processed, which have their own reports.
    @exclusivity(unchecked) var childNanoseconds: UInt64 = 0
    /// Reports of finished nested actions, to make before this one's and after it.
    @exclusivity(unchecked) var before: [DispatchMeasurement] = []
    @exclusivity(unchecked) var after: [DispatchMeasurement] = []

    func begin(_ actionType: any Action.Type, origin: DispatchOrigin) {
        self.actionType = actionType
        self.origin = origin
    }

    /// The measurement of the action, which took `elapsed` nanoseconds in all.
    func measurement(elapsed: UInt64) -> DispatchMeasurement {
        let reducer = reducerNanoseconds ?? 0
        let subscribersTotal = subscribers.reduce(0) { $0 &+ $1.nanoseconds }
        let others = childNanoseconds &+ reducer &+ subscribersTotal
        return DispatchMeasurement(
            actionType: actionType, origin: origin,
            middlewareNanoseconds: elapsed > others ? elapsed - others : 0,
            reducerNanoseconds: reducerNanoseconds, subscribers: subscribers)
    }

    /// Forgets the action, keeping the arrays' storage for the next one.
    func end() {
        reducerNanoseconds = nil
        if !subscribers.isEmpty { subscribers.removeAll(keepingCapacity: true) }
        childNanoseconds = 0
        if !before.isEmpty { before.removeAll() }
        if !after.isEmpty { after.removeAll() }
    }
}

/// What a subscriber node does with each state: receives the old state's box (if any) and the
/// new one's, and returns `false` once the subscriber is gone.
@usableFromInline
typealias _Delivery = (_ oldState: _AnyStateBox?, _ newState: _AnyStateBox) -> Bool

/// A state held in an object, so that subscriptions can borrow it: reading a `let` property of
/// an object the caller keeps alive needs no copy of the state. The subscriber list sees boxes
/// through this non-generic base class.
@usableFromInline
class _AnyStateBox {
    /// A number no other box in the process has (see `_BoxSerials`): what a selector remembers
    /// a state by, without keeping it alive or being fooled by a new box at a reused address.
    @usableFromInline
    final let serial: UInt64

    @usableFromInline
    init(serial: UInt64) {
        self.serial = serial
    }

    /// The serial number of a box this one's state was compared with by the state's `==` (0 for
    /// none), and whether they were equal: the subscribers of one notification that skip
    /// repeated states share one comparison. Used only under the store's lock.
    @usableFromInline
    @exclusivity(unchecked) final var comparedSerial: UInt64 = 0
    @usableFromInline
    @exclusivity(unchecked) final var comparedEqual = false

    /// Whether this box's state equals `old`'s by the state's `==`, computed with `isEqual` the
    /// first time and remembered. Call it holding the store's lock, and only with `==`.
    @inlinable
    final func repeats(_ old: _AnyStateBox, isEqual: () -> Bool) -> Bool {
        if comparedSerial == old.serial { return comparedEqual }
        let equal = isEqual()
        comparedSerial = old.serial
        comparedEqual = equal
        return equal
    }

    /// Calls `body` with the state in the box, which holds a `State`, without copying it.
    ///
    /// For specialized code: in unspecialized code, `_StateBox<State>` would be looked up in
    /// the runtime's metadata cache; use `withValue(as:_:)` there.
    @inlinable
    @inline(__always)
    final func borrow<State, Result>(as _: State.Type, _ body: (State) -> Result) -> Result {
        body(unsafeDowncast(self, to: _StateBox<State>.self).value)
    }

    /// Calls `body` with the state in the box, which holds a `State`, for unspecialized code:
    /// the box's own method gets `State` from the box.
    @usableFromInline
    final func withValue<State, Result>(as _: State.Type, _ body: (State) -> Result) -> Result {
        unsafeDowncast(self, to: _StateBox<State>.self).borrowValue(body)
    }
}

@usableFromInline
final class _StateBox<State>: _AnyStateBox {
    @usableFromInline
    let value: State

    @usableFromInline
    init(_ value: State, serial: UInt64) {
        self.value = value
        super.init(serial: serial)
    }

    /// Calls `body` with the state. Not inlined: inside, `State` comes from the box's class.
    @usableFromInline
    @inline(never)
    func borrowValue<Result>(_ body: (State) -> Result) -> Result {
        body(value)
    }
}

/// The store's state, reduced in place.
///
/// Generic over the *optional* state type (always `State?`), so that the unspecialized store
/// code gets that type's metadata from this object's class instead of looking `Optional<State>`
/// up in the runtime's metadata cache on every dispatch.
final class _StateCell<OptionalState>: @unchecked Sendable {
    // @unchecked Sendable: `value` is written only by the thread holding the store's lock, under
    // `readLock`; other threads read it under `readLock`.

    /// Guards `value` against readers on other threads.
    let readLock = Locked()

    @exclusivity(unchecked) private var value: OptionalState

    /// The reducer, returning its state wrapped in an optional.
    private let reducer: (Action, OptionalState) -> OptionalState

    init(_ value: OptionalState, reducer: @escaping (Action, OptionalState) -> OptionalState) {
        self.value = value
        self.reducer = reducer
    }

    /// The state, for any thread.
    var current: OptionalState {
        readLock.withLock { value }
    }

    /// The state, for the thread holding the store's lock: the only one that writes it.
    func read(_ core: _StoreCore) -> OptionalState {
        core.assertLocked()
        return value
    }

    /// Reduces `action` into the state, holding the store's lock (in `core`).
    ///
    /// Not inlined: here `OptionalState` comes from this object's class; inlined in the store's
    /// unspecialized code, it would be looked up in the runtime's metadata cache.
    @inline(never)
    func reduce(_ action: Action, _ core: _StoreCore) {
        core.assertLocked()
        var state = reducer(action, value)
        readLock.withLock { swap(&value, &state) }
        // The old state is released here, after the read lock: a deinit it runs may read the
        // state.
    }
}

/// The last value a select step produced.
///
/// Read and written without a dynamic exclusivity check: the store never runs a subscription
/// on two threads at once (it holds its lock).
@usableFromInline
final class _LastValue<Value> {
    @usableFromInline
    @exclusivity(unchecked) var value: Value?

    @inlinable
    init() {}
}

/// The serial numbers of state boxes, handed to stores in blocks so that numbering a box takes
/// no process-wide lock. Starts at 1: 0 means "no box".
enum _BoxSerials {
    private static let blockSize: UInt64 = 4096
    private static let next = Locked<UInt64>(1)

    /// A block of numbers no one else was given.
    static func takeBlock() -> (start: UInt64, end: UInt64) {
        next.withLock { next in
            let start = next
            next &+= blockSize
            return (start, next)
        }
    }
}

// MARK: - The per-thread instrumentation context

/// Per-thread instrumentation data: the thread's description, looked up once, and the origin of
/// the action being processed on it (``DispatchOrigin/current``).
///
/// Reached through a `pthread` key; each thread has its own, so nothing here is shared and no
/// lock is needed. The key's destructor releases it when the thread ends.
final class _ThreadContext {
    /// The thread, looked up when the context is created.
    let thread = DispatchThread.lookUp()

    /// The origin of the action a store is processing on this thread, if any. Only this
    /// thread reaches it, so it needs no dynamic exclusivity check.
    @exclusivity(unchecked) var origin: DispatchOrigin?

    /// Runs `body` with `origin` as this thread's current origin, restoring the previous one
    /// afterwards.
    @inline(__always)
    func withOrigin<Result>(_ origin: DispatchOrigin?, _ body: () throws -> Result) rethrows -> Result {
        let saved = self.origin
        self.origin = origin
        defer { self.origin = saved }
        return try body()
    }

    /// A call site that ``CallSite/_dispatching(_:)`` set for the next action a store's
    /// middleware `dispatch` function receives on this thread.
    @exclusivity(unchecked) var pendingCallSite: CallSite?

    /// The calling thread's context if it has one, without creating it.
    static var existing: _ThreadContext? {
        pthread_getspecific(threadContextKey).map {
            Unmanaged<_ThreadContext>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The calling thread's context, created on first use.
    static var current: _ThreadContext {
        if let existing = pthread_getspecific(threadContextKey) {
            return Unmanaged<_ThreadContext>.fromOpaque(existing).takeUnretainedValue()
        }
        let context = _ThreadContext()
        // The key holds one retain, released by `releaseThreadContext` when the thread ends.
        let result = pthread_setspecific(threadContextKey, Unmanaged.passRetained(context).toOpaque())
        precondition(result == 0, "Internal inconsistency: pthread_setspecific failed with \(result)")
        return context
    }
}

#if canImport(Darwin)
    private func releaseThreadContext(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<_ThreadContext>.fromOpaque(pointer).release()
    }
#else
    private func releaseThreadContext(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<_ThreadContext>.fromOpaque(pointer).release()
    }
#endif

/// The key of each thread's `_ThreadContext`, created on first use (a global's initializer runs
/// once, whichever thread gets there first).
private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, releaseThreadContext)
    precondition(result == 0, "Internal inconsistency: pthread_key_create failed with \(result)")
    return key
}()
