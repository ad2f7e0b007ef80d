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
/// is deferred while subscribers are notified and refused while the reducer runs. Used only
/// holding the store's lock.
struct _DispatchCycle {
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

    /// Decides what happens to an action that arrives now, deferring it if subscribers are
    /// being notified.
    mutating func arrive(_ action: Action, needsMiddleware: Bool, callSite: CallSite? = nil) -> Arrival {
        switch phase {
        case .idle:
            return .process
        case .notifying:
            deferred.append(
                DeferredAction(action: action, needsMiddleware: needsMiddleware, callSite: callSite))
            return .deferred
        case .reducing:
            return .refused
        }
    }

    /// idle → reducing.
    mutating func beginReducing() {
        guard phase == .idle else {
            preconditionFailure("Internal inconsistency: reducing while \(phase)")
        }
        phase = .reducing
    }

    /// reducing → notifying.
    mutating func beginNotifying() {
        guard phase == .reducing else {
            preconditionFailure("Internal inconsistency: notifying while \(phase)")
        }
        phase = .notifying
    }

    /// reducing or notifying → idle.
    mutating func end() {
        guard phase != .idle else {
            preconditionFailure("Internal inconsistency: ending a dispatch while idle")
        }
        phase = .idle
    }

    /// Takes the deferred actions, oldest first. Only while idle: the notification is over.
    mutating func takeDeferredActions() -> [DeferredAction] {
        guard phase == .idle else {
            preconditionFailure("Internal inconsistency: taking deferred actions while \(phase)")
        }
        guard !deferred.isEmpty else { return [] }
        let actions = deferred
        deferred.removeAll(keepingCapacity: true)
        return actions
    }
}
