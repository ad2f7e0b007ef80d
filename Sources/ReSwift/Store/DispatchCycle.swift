/// What a store's dispatching thread is doing, and the actions that wait for it: the state
/// machine behind the store's ordering rules.
///
/// ```
/// idle ──beginReducing──▶ reducing ──beginNotifying──▶ notifying
///   ▲                        │                            │
///   └────────── end ─────────┴──────────── end ───────────┘
/// ```
///
/// An action that arrives while the thread is busy (``arrive(_:needsMiddleware:callSite:)``)
/// is deferred while subscribers are notified and refused while the reducer runs. Inside a
/// ``Store/batch(_:)`` each action is reduced without notifying; the outermost batch's end
/// notifies once (``endBatch()``). Used only holding the store's lock.
struct DispatchCycle {
    /// What the dispatching thread is doing.
    enum Phase: UInt8 {
        /// Running middleware, or not dispatching at all: an action is processed at once.
        case idle
        /// Inside the reducer: dispatching now is a programming error.
        case reducing
        /// Calling subscribers: an action waits until every subscriber has seen the state.
        case notifying
    }

    /// An action that arrived while subscribers were being notified.
    struct DeferredAction {
        var action: Action
        /// Whether it still has to go through the middleware: `false` when it arrived at the
        /// end of the chain, so that middleware sees each action exactly once.
        var needsMiddleware: Bool
        /// Where it was dispatched from, when the caller said.
        var callSite: CallSite?
        /// The batch it was dispatched in, when a subscriber dispatched it inside
        /// ``Store/batch(_:)``: the actions of one batch run as a batch again. 0 for none.
        var batch: UInt32 = 0
    }

    /// What to do with an action that arrives.
    enum Arrival: Equatable {
        /// Process it now.
        case process
        /// It was deferred until the notification is over.
        case deferred
        /// It was dispatched from a reducer: report it and drop it.
        case refused
    }

    private(set) var phase = Phase.idle

    /// Actions dispatched from `newState`, oldest first.
    private var deferred: [DeferredAction] = []

    /// Whether any action waits.
    var hasDeferredActions: Bool { !deferred.isEmpty }

    /// How many ``Store/batch(_:)`` calls are open on the dispatching thread.
    private var batchDepth = 0

    /// The last action reduced in the open batch: the batch's end notifies when there is one.
    private var lastBatchedAction: Action.Type?

    /// The batch that actions deferred now belong to (0: none), and the last one numbered.
    private var deferredBatch: UInt32 = 0
    private var lastDeferredBatch: UInt32 = 0

    /// Whether a batch is open, so that a reduced action's notification waits for its end.
    var isBatching: Bool { batchDepth > 0 }

    /// Decides what happens to an action that arrives now, deferring it if subscribers are
    /// being notified.
    mutating func arrive(_ action: Action, needsMiddleware: Bool, callSite: CallSite? = nil) -> Arrival {
        switch phase {
        case .idle:
            return .process
        case .notifying:
            deferred.append(
                DeferredAction(
                    action: action, needsMiddleware: needsMiddleware, callSite: callSite, batch: deferredBatch
                ))
            return .deferred
        case .reducing:
            return .refused
        }
    }

    /// idle → reducing.
    mutating func beginReducing() {
        enter(.reducing, allowed: phase == .idle)
    }

    /// reducing → notifying, or idle → notifying at the end of a batch in which actions were
    /// reduced.
    mutating func beginNotifying() {
        enter(.notifying, allowed: phase == .reducing || (phase == .idle && batchDepth == 0))
    }

    /// reducing or notifying → idle.
    mutating func end() {
        enter(.idle, allowed: phase != .idle)
    }

    /// Moves to `next`, when the transition is `allowed` from the current phase.
    private mutating func enter(_ next: Phase, allowed: Bool) {
        guard allowed else {
            preconditionFailure("Internal inconsistency: \(next) while \(phase) (batch depth \(batchDepth))")
        }
        phase = next
    }

    // MARK: Batches

    /// A batch opens. Opened while subscribers are notified, the actions dispatched in it are
    /// deferred as one batch.
    mutating func beginBatch() {
        batchDepth += 1
        if batchDepth == 1, phase == .notifying {
            lastDeferredBatch = lastDeferredBatch == .max ? 1 : lastDeferredBatch + 1
            deferredBatch = lastDeferredBatch
        }
    }

    /// reducing → idle inside a batch: `action` was reduced, and the batch's end notifies.
    mutating func endInBatch(_ action: Action) {
        enter(.idle, allowed: phase == .reducing && batchDepth > 0)
        lastBatchedAction = type(of: action)
    }

    /// A batch closes.
    ///
    /// - Returns: When the outermost batch closed after reducing actions, the type of the last
    ///   one: subscribers are to be notified now.
    mutating func endBatch() -> Action.Type? {
        guard batchDepth > 0 else {
            preconditionFailure("Internal inconsistency: ending a batch that is not open")
        }
        batchDepth -= 1
        guard batchDepth == 0 else { return nil }
        deferredBatch = 0
        defer { lastBatchedAction = nil }
        return phase == .idle ? lastBatchedAction : nil
    }

    /// Takes the deferred actions, oldest first. Only while idle: the notification is over.
    mutating func takeDeferredActions() -> [DeferredAction] {
        guard phase == .idle else {
            preconditionFailure("Internal inconsistency: taking deferred actions while \(phase)")
        }
        defer { deferred.removeAll(keepingCapacity: true) }
        return deferred
    }
}
