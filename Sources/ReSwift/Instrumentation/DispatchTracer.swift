/// A store's tracing: the call site waiting for the next dispatch, the actions being traced on
/// the dispatching thread, and their measurements for the store's instrumentation.
///
/// A dispatch is traced when the store has an instrumentation, when its caller gave a call site,
/// or while another action is traced (so that a nested action's origin names its parent). Used
/// only holding the store's lock.
final class DispatchTracer {
    // Used only by the thread holding the store's lock, hence no dynamic exclusivity checks.

    /// The store's ``Store/instrumentation``.
    @exclusivity(unchecked) var instrumentation: (any StoreInstrumentation)? {
        didSet { updateIsTracing() }
    }

    /// The call site `dispatch(_:file:line:)` passes to the open `dispatch(_:)`, taken by the
    /// first dispatch that reaches the store.
    @exclusivity(unchecked) private var pendingCallSite: CallSite? {
        didSet { updateIsTracing() }
    }

    /// Whether the next dispatch must be traced: the one flag an untraced dispatch reads.
    @exclusivity(unchecked) private(set) var isTracing = false

    /// The actions being traced, outermost first, in `frames[0..<depth]`; the frames past
    /// `depth` are kept for reuse.
    @exclusivity(unchecked) private var frames: [DispatchFrame] = []
    @exclusivity(unchecked) private var depth = 0

    private func updateIsTracing() {
        isTracing = instrumentation != nil || pendingCallSite != nil || depth > 0
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

    /// The traced action whose middleware is running: the parent of an action dispatched now.
    var middlewareParent: DispatchParent? {
        depth > 0 ? .middleware(frames[depth - 1].actionType) : nil
    }

    /// The frame that measures the action being processed, when the store has an
    /// instrumentation.
    var measuringFrame: DispatchFrame? {
        depth > 0 && instrumentation != nil ? frames[depth - 1] : nil
    }

    /// Processes an action (`body`) with its origin current, and, when the store has an
    /// instrumentation, reports its measurement once it and the actions it deferred are done.
    func trace(_ action: Action, callSite: CallSite?, parent: DispatchParent?, _ body: () -> Void) {
        // One look-up of the thread's context, for its description and its current origin.
        let context = ThreadContext.current
        let origin = DispatchOrigin(callSite: callSite, thread: context.thread, parent: parent)
        if depth == frames.count { frames.append(DispatchFrame()) }
        let frame = frames[depth]
        frame.begin(type(of: action), origin: origin)
        depth += 1
        isTracing = true
        let elapsed = context.withOrigin(origin) {
            let start = MonotonicClock.now()
            body()
            return MonotonicClock.nanoseconds(since: start)
        }
        depth -= 1
        updateIsTracing()
        defer { frame.end() }
        guard let instrumentation else { return }
        let measurement = frame.measurement(elapsed: elapsed)
        guard depth > 0 else {
            for report in frame.before { instrumentation.storeDidDispatch(report) }
            instrumentation.storeDidDispatch(measurement)
            for report in frame.after { instrumentation.storeDidDispatch(report) }
            return
        }
        // Reported with the outermost action, in completion order, except that an action
        // deferred from `newState` follows the one whose notification deferred it.
        let outer = frames[depth - 1]
        outer.childNanoseconds &+= elapsed
        let reports = frame.before + [measurement] + frame.after
        if case .subscriber = parent {
            outer.after.append(contentsOf: reports)
        } else {
            outer.before.append(contentsOf: reports)
        }
    }
}

/// What the store measures of one traced action while it is processed.
final class DispatchFrame {
    // Used only by the thread holding the store's lock, hence no dynamic exclusivity checks.

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

    /// Adds the time of a subscriber that was delivered a state since the clock read
    /// `previous`, and returns the clock's new reading.
    func addSubscriber(_ kind: SubscriberKind, since previous: UInt64) -> UInt64 {
        let now = MonotonicClock.now()
        subscribers.append(
            SubscriberMeasurement(subscriber: kind, nanoseconds: now >= previous ? now - previous : 0))
        return now
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
