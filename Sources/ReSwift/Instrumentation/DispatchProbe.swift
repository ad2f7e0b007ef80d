@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// The store's one measuring hook, on which `ReSwiftDevTools` builds its instrumentation
/// (timings, thread, origin, profiler): a store with a probe runs each action it processes
/// through ``measure(_:_:)``, and inside it the action's reducer and notification. A store
/// without one checks one flag per dispatch.
///
/// The store calls it on the dispatching thread, holding its lock. Actions dispatched meanwhile
/// (by middleware) nest inside the action's step; actions deferred from `newState` run inside the
/// step of the action that deferred them. The end of a batch notifies inside whichever action is
/// being processed, if any.
package protocol DispatchProbe: AnyObject {
    /// Runs `body`, which does `step`, and measures it.
    func measure(_ step: DispatchStep, _ body: () -> Void)

    /// In a ``DispatchStep/notification``: a subscriber's `newState` (with its selection and
    /// repeat-skipping) returned. `type` is the subscriber's class, or, for a closure
    /// subscription, the type of value it receives.
    func subscriberDidReturn(_ type: Any.Type, isObject: Bool)
}

/// What a ``DispatchProbe`` measures.
package enum DispatchStep {
    /// An action's middleware, reducer and subscribers, and the actions it deferred: dispatched
    /// from `callSite` when the caller said, deferred from the notification of `deferredAfter`.
    ///
    /// The probe runs `body` with `callSite` current (``CallSiteSlot/withCurrent(_:_:)``, on the
    /// slot it keeps for the thread), so that one thread-local look-up serves the probe and the
    /// call site.
    case action(any Action.Type, callSite: CallSite?, deferredAfter: (any Action.Type)?)
    /// The reducer, for the action being processed.
    case reducer
    /// The subscribers' notification.
    case notification
}

extension ReSwiftHooks {
    /// Makes the probe each store created from now on starts with; `nil` (the default) for none.
    /// Set by `ReSwiftDevTools`' `defaultInstrumentation`.
    package static let makeDefaultProbe = Locked<(@Sendable () -> (any DispatchProbe)?)?>(nil)
}

/// A store's tracing, used holding its lock: its probe, the call site waiting for the next
/// dispatch, and how many traced actions are being processed.
///
/// A dispatch is traced when the store has a probe, when its caller gave a call site, or while
/// another action is traced (so that a nested action hides the outer one's call site). Each
/// property is read or written in one step, never across a call, so that a release build checks
/// no access to them at run time.
final class DispatchTracer {
    var probe: (any DispatchProbe)? {
        didSet { updateIsTracing() }
    }

    /// The call site `dispatch(_:file:line:)` passes to the open `dispatch(_:)`, taken by the
    /// first dispatch that reaches the store.
    private var pendingCallSite: CallSite? {
        didSet { updateIsTracing() }
    }

    /// Whether the next dispatch must be traced: the one flag an untraced dispatch reads.
    private(set) var isTracing = false

    /// How many traced actions are being processed.
    private var depth = 0

    /// A tracer with the probe ``ReSwiftHooks/makeDefaultProbe`` makes, if any.
    init() {
        probe = ReSwiftHooks.makeDefaultProbe.current?()
        updateIsTracing()
    }

    private func updateIsTracing() {
        isTracing = probe != nil || pendingCallSite != nil || depth > 0
    }

    /// Runs `body` (which calls the open `dispatch(_:)`) with `callSite` waiting for the
    /// dispatch it makes.
    func withCallSite(_ callSite: CallSite, _ body: () -> Void) {
        pendingCallSite = callSite
        body()
        // An override that didn't call the store's dispatch leaves it waiting.
        pendingCallSite = nil
    }

    /// Takes the waiting call site.
    func takeCallSite() -> CallSite? {
        defer { pendingCallSite = nil }
        return pendingCallSite
    }

    /// The probe that measures the action being processed, if any.
    var measuringProbe: (any DispatchProbe)? { depth > 0 ? probe : nil }

    /// Processes an action (`body`) with its call site current, as the probe's step if there is
    /// a probe (which then makes the call site current).
    func trace(_ action: Action, callSite: CallSite?, deferredAfter: (any Action.Type)?, _ body: () -> Void) {
        depth += 1
        isTracing = true
        if let probe {
            probe.measure(.action(type(of: action), callSite: callSite, deferredAfter: deferredAfter), body)
        } else {
            CallSite.withCurrent(callSite, body)
        }
        depth -= 1
        updateIsTracing()
    }
}
