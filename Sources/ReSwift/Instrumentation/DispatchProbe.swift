@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// The store's one measuring hook: what a store with a probe calls around each action it
/// processes. `ReSwiftDevTools` builds its instrumentation (timings, thread, origin, profiler)
/// on it; a store without one pays one flag check per dispatch.
///
/// The store calls it on the dispatching thread holding its lock, in this order for each action:
/// `willProcess`, then (if the action reaches the reducer) `reducerWillRun` and `reducerDidRun`,
/// then (if there are subscribers) `notificationWillBegin` and `subscriberDidReturn` per
/// subscriber, then `didProcess`. Actions dispatched meanwhile (by middleware) nest inside;
/// actions deferred from `newState` follow, inside the outer action's pair. The end of a batch
/// notifies inside whichever action is being processed, if any.
package protocol DispatchProbe: AnyObject {
    /// The store starts processing `action`: its middleware, reducer and subscribers.
    ///
    /// - Parameters:
    ///   - callSite: Where it was dispatched, when the caller said.
    ///   - deferredAfter: The action whose notification deferred it, for an action dispatched
    ///     from `newState`.
    func willProcess(_ action: Action, callSite: CallSite?, deferredAfter: (any Action.Type)?)
    func reducerWillRun()
    func reducerDidRun()
    func notificationWillBegin()
    /// A subscriber's `newState` (with its selection and repeat-skipping) returned.
    func subscriberDidReturn(_ subscriber: SubscriberKind)
    /// The action and everything it deferred are done.
    func didProcess()
}

extension ReSwiftHooks {
    /// Makes the probe each store created from now on starts with; `nil` (the default) for none.
    /// Set by `ReSwiftDevTools`' `defaultInstrumentation`.
    package static var makeDefaultProbe: (@Sendable () -> (any DispatchProbe)?)? {
        get { defaultProbeStorage.current }
        set { defaultProbeStorage.withLock { $0 = newValue } }
    }
}

/// Where ``ReSwiftHooks/makeDefaultProbe`` lives.
private let defaultProbeStorage = Locked<(@Sendable () -> (any DispatchProbe)?)?>(nil)

/// A store's tracing: its probe, the call site waiting for the next dispatch, and how many
/// traced actions are being processed. Used only holding the store's lock.
///
/// A dispatch is traced when the store has a probe, when its caller gave a call site, or while
/// another action is traced (so that a nested action hides the outer one's call site).
final class DispatchTracer {
    // Used only by the thread holding the store's lock, hence no dynamic exclusivity checks.

    @exclusivity(unchecked) var probe: (any DispatchProbe)? {
        didSet { updateIsTracing() }
    }

    /// The call site `dispatch(_:file:line:)` passes to the open `dispatch(_:)`, taken by the
    /// first dispatch that reaches the store.
    @exclusivity(unchecked) private var pendingCallSite: CallSite? {
        didSet { updateIsTracing() }
    }

    /// Whether the next dispatch must be traced: the one flag an untraced dispatch reads.
    @exclusivity(unchecked) private(set) var isTracing = false

    /// How many traced actions are being processed.
    @exclusivity(unchecked) private var depth = 0

    private func updateIsTracing() {
        isTracing = probe != nil || pendingCallSite != nil || depth > 0
    }

    /// Runs `body` (which calls the open `dispatch(_:)`) with `callSite` waiting for the
    /// dispatch it makes.
    func withCallSite(_ callSite: CallSite, _ body: () -> Void) {
        pendingCallSite = callSite
        body()
        // An override that didn't call the store's dispatch leaves it waiting.
        if pendingCallSite != nil { pendingCallSite = nil }
    }

    /// Takes the waiting call site.
    func takeCallSite() -> CallSite? {
        guard let callSite = pendingCallSite else { return nil }
        pendingCallSite = nil
        return callSite
    }

    /// The probe that measures the action being processed, if any.
    var measuringProbe: (any DispatchProbe)? {
        depth > 0 ? probe : nil
    }

    /// Processes an action (`body`) with its call site current, between the probe's calls.
    func trace(_ action: Action, callSite: CallSite?, deferredAfter: (any Action.Type)?, _ body: () -> Void) {
        depth += 1
        isTracing = true
        let probe = probe
        if callSite == nil, CallSite.current == nil {
            // No call site to show or to hide: one closure fewer on the profiled path.
            probe?.willProcess(action, callSite: nil, deferredAfter: deferredAfter)
            body()
            probe?.didProcess()
        } else {
            CallSite.withCurrent(callSite) {
                probe?.willProcess(action, callSite: callSite, deferredAfter: deferredAfter)
                body()
                probe?.didProcess()
            }
        }
        depth -= 1
        updateIsTracing()
    }
}
