import ReSwift

/// What a store with a ``StoreInstrumentation`` measures with: the probe `ReSwift` calls around
/// each action, which times the action's middleware, reducer and subscribers, makes
/// its ``DispatchOrigin`` current, and reports its ``DispatchMeasurement``.
///
/// One per store; the store calls it holding its lock, on the dispatching thread.
final class InstrumentationProbe: DispatchProbe {
    let instrumentation: any StoreInstrumentation
    /// The clock a test gave; `nil` for the monotonic clock, read without an indirect call
    /// (or a copy of the existential: hence the flag).
    private let testClock: (any NanosecondClock)?
    private let hasTestClock: Bool

    /// The actions being processed, outermost first, in `frames[0..<depth]`; the frames past
    /// `depth` are kept for reuse.
    // Used only by the thread holding the store's lock: no dynamic exclusivity checks, which
    // the profiled dispatch would pay on every access (reswift-bench dispatch-profiled).
    @exclusivity(unchecked) private var frames: [DispatchFrame] = []
    @exclusivity(unchecked) private var depth = 0

    init(_ instrumentation: any StoreInstrumentation, clock: (any NanosecondClock)? = nil) {
        self.instrumentation = instrumentation
        self.testClock = clock
        hasTestClock = clock != nil
    }

    @inline(__always)
    private func now() -> UInt64 {
        if hasTestClock, let testClock { return testClock.now() }
        return MonotonicClock().now()
    }

    /// The frame of the action being processed; `nil` when the probe was installed during it.
    @inline(__always)
    private var frame: DispatchFrame? {
        depth > 0 ? frames[depth - 1] : nil
    }

    func willProcess(_ action: Action, callSite: CallSite?, deferredAfter: (any Action.Type)?) {
        // One look-up of the thread's context, for its description and its current origin.
        let context = ThreadContext.current
        let parent =
            deferredAfter.map { DispatchParent.subscriber($0) } ?? frame.map { .middleware($0.actionType) }
        let origin = DispatchOrigin(callSite: callSite, thread: context.thread, parent: parent)
        if depth == frames.count { frames.append(DispatchFrame()) }
        frames[depth].begin(type(of: action), origin: origin, context: context, start: now())
        depth += 1
        context.origin = origin
    }

    func reducerWillRun() {
        frame?.reading = now()
    }

    func reducerDidRun() {
        guard let frame else { return }
        frame.reducerNanoseconds = (frame.reducerNanoseconds ?? 0) &+ frame.lap(now())
        frame.readingIsReducerEnd = true
    }

    func notificationWillBegin() {
        guard let frame else { return }
        // Right after the reducer, its end reading starts the first subscriber's time, as it
        // always did; the end of a batch reads the clock.
        if !frame.readingIsReducerEnd { frame.reading = now() }
        frame.readingIsReducerEnd = false
    }

    func subscriberDidReturn(_ subscriber: SubscriberKind) {
        guard let frame else { return }
        frame.subscribers.append(
            SubscriberMeasurement(subscriber: subscriber, nanoseconds: frame.lap(now())))
    }

    func didProcess() {
        guard let frame else { return }
        frame.reading = frame.start
        let elapsed = frame.lap(now())
        depth -= 1
        frame.context?.origin = frame.outerOrigin
        defer { frame.end() }
        let measurement = frame.measurement(elapsed: elapsed)
        guard let outer = self.frame else {
            for report in frame.before { instrumentation.storeDidDispatch(report) }
            instrumentation.storeDidDispatch(measurement)
            for report in frame.after { instrumentation.storeDidDispatch(report) }
            return
        }
        // Reported with the outermost action, in completion order, except that an action
        // deferred from `newState` follows the one whose notification deferred it.
        outer.childNanoseconds &+= elapsed
        let reports = frame.before + [measurement] + frame.after
        if case .subscriber = measurement.origin.parent {
            outer.after.append(contentsOf: reports)
        } else {
            outer.before.append(contentsOf: reports)
        }
    }
}

/// What the probe measures of one action while it is processed.
final class DispatchFrame {
    // Used only by the thread holding the store's lock, hence no dynamic exclusivity checks.

    @exclusivity(unchecked) var actionType: any Action.Type = ReSwiftInit.self
    @exclusivity(unchecked) var origin = DispatchOrigin(thread: DispatchThread(isMain: false))
    /// The dispatching thread's context, and the origin current on it before this action's,
    /// restored at its end.
    @exclusivity(unchecked) var context: ThreadContext?
    @exclusivity(unchecked) var outerOrigin: DispatchOrigin?
    /// The clock's reading when the action began, and its latest reading.
    @exclusivity(unchecked) var start: UInt64 = 0
    @exclusivity(unchecked) var reading: UInt64 = 0
    /// Whether `reading` is the end of the reducer, with nothing in between.
    @exclusivity(unchecked) var readingIsReducerEnd = false
    /// Time in the reducer, added up over the times the action reached it.
    @exclusivity(unchecked) var reducerNanoseconds: UInt64?
    @exclusivity(unchecked) var subscribers: [SubscriberMeasurement] = []
    /// Time in the actions dispatched while this one was processed, which have their own reports.
    @exclusivity(unchecked) var childNanoseconds: UInt64 = 0
    /// Reports of finished nested actions, to make before this one's and after it.
    @exclusivity(unchecked) var before: [DispatchMeasurement] = []
    @exclusivity(unchecked) var after: [DispatchMeasurement] = []

    func begin(_ actionType: any Action.Type, origin: DispatchOrigin, context: ThreadContext, start: UInt64) {
        self.actionType = actionType
        self.origin = origin
        self.context = context
        outerOrigin = context.origin
        self.start = start
        reading = start
        readingIsReducerEnd = false
    }

    /// The nanoseconds from the latest reading until `now`, which becomes the latest reading.
    func lap(_ now: UInt64) -> UInt64 {
        defer { reading = now }
        return now >= reading ? now - reading : 0
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
        context = nil
        outerOrigin = nil
        reducerNanoseconds = nil
        if !subscribers.isEmpty { subscribers.removeAll(keepingCapacity: true) }
        childNanoseconds = 0
        if !before.isEmpty { before.removeAll() }
        if !after.isEmpty { after.removeAll() }
    }
}
