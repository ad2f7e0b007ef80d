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
