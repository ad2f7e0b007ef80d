import ReSwift

/// What a store with a ``StoreInstrumentation`` measures with: the probe `ReSwift` runs each
/// action through, which times the action's middleware, reducer and subscribers, makes its
/// ``DispatchOrigin`` current, and reports its ``DispatchMeasurement``.
///
/// One per store; the store calls it holding its lock, on the dispatching thread.
final class InstrumentationProbe: DispatchProbe {
    let instrumentation: any StoreInstrumentation
    /// The clock a test gave; `nil` for the monotonic clock.
    private let testClock: (any NanosecondClock)?

    /// The action being measured; the frames of the actions it interrupted are held by their
    /// `measure` calls. `nil` when the probe was installed during the action.
    private var frame: Frame?

    /// The subscriber times of the actions being measured, innermost last: an action's are those
    /// past the count when it began.
    private var subscriberTimes: [SubscriberMeasurement] = []

    /// The reports of finished actions nested in the ones being measured, innermost last, each
    /// marked whether it follows the report of the action it is nested in.
    private var nestedReports: [(measurement: DispatchMeasurement, follows: Bool)] = []

    // Each property is only ever read or written whole, or changed by code that calls nothing,
    // so that a release build checks no access to them at run time: an array is changed after
    // being swapped out (`takeSubscriberTimes()`, `takeNestedReports()`), then put back.

    init(_ instrumentation: any StoreInstrumentation, clock: (any NanosecondClock)? = nil) {
        self.instrumentation = instrumentation
        testClock = clock
    }

    @inline(__always)
    private func now() -> UInt64 {
        if let testClock { return testClock.now() }
        return MonotonicClock().now()
    }

    func measure(_ step: DispatchStep, _ body: () -> Void) {
        switch step {
        case .action(let actionType, let callSite, let deferredAfter):
            measureAction(actionType, callSite: callSite, deferredAfter: deferredAfter, body)
        case .reducer:
            let start = now()
            body()
            let end = now()
            frame?.addReducerTime(nanoseconds(from: start, to: end))
        case .notification:
            let start = now()
            frame?.lapStart = start
            body()
        }
    }

    func subscriberDidReturn(_ type: Any.Type, isObject: Bool) {
        guard let lapStart = frame?.lapStart else { return }
        let now = now()
        frame?.lapStart = now
        let time = SubscriberMeasurement(
            subscriber: SubscriberKind(type, isObject: isObject),
            nanoseconds: nanoseconds(from: lapStart, to: now))
        var times = takeSubscriberTimes()
        times.append(time)
        subscriberTimes = times
    }

    private func takeSubscriberTimes() -> [SubscriberMeasurement] {
        var times: [SubscriberMeasurement] = []
        swap(&times, &subscriberTimes)
        return times
    }

    private func takeNestedReports() -> [(measurement: DispatchMeasurement, follows: Bool)] {
        var reports: [(measurement: DispatchMeasurement, follows: Bool)] = []
        swap(&reports, &nestedReports)
        return reports
    }

    /// Runs an action (`body`) with its origin and call site current, and reports it with the
    /// outermost action.
    @inline(__always)
    private func measureAction(
        _ actionType: any Action.Type, callSite: CallSite?, deferredAfter: (any Action.Type)?,
        _ body: () -> Void
    ) {
        // One look-up of the thread's context, for its description, its current origin and its
        // call sites.
        let context = ThreadContext.current
        let outer = frame
        let parent =
            deferredAfter.map { DispatchParent.subscriber($0) } ?? outer.map { .middleware($0.actionType) }
        let origin = DispatchOrigin(callSite: callSite, thread: context.thread, parent: parent)
        let outerOrigin = context.origin
        context.origin = origin
        let subscribersStart = subscriberTimes.count
        let reportsStart = nestedReports.count
        let start = now()
        frame = Frame(actionType: actionType)
        context.callSites.withCurrent(callSite, body)
        let elapsed = nanoseconds(from: start, to: now())
        context.origin = outerOrigin
        // Set above; the actions nested in this one put it back when they end.
        let finished = frame ?? Frame(actionType: actionType)
        frame = outer
        frame?.childNanoseconds &+= elapsed

        var subscribers: [SubscriberMeasurement] = []
        if subscriberTimes.count > subscribersStart {
            var times = takeSubscriberTimes()
            subscribers = Array(times[subscribersStart...])
            times.removeSubrange(subscribersStart...)
            subscriberTimes = times
        }
        let measurement = finished.measurement(origin: origin, elapsed: elapsed, subscribers: subscribers)
        guard outer != nil || nestedReports.count > reportsStart else {
            return instrumentation.storeDidDispatch(measurement)
        }
        // Reported with the outermost action, in completion order, except that an action
        // deferred from `newState` follows the one whose notification deferred it.
        var all = takeNestedReports()
        let nested = all[reportsStart...]
        let reports =
            nested.filter { !$0.follows }.map(\.measurement) + [measurement]
            + nested.filter(\.follows).map(\.measurement)
        all.removeSubrange(reportsStart...)
        if outer != nil { all += reports.map { ($0, follows: deferredAfter != nil) } }
        nestedReports = all
        if outer == nil {
            for report in reports { instrumentation.storeDidDispatch(report) }
        }
    }
}

/// The nanoseconds from `start` to `end`, or 0 if a clock went back.
func nanoseconds(from start: UInt64, to end: UInt64) -> UInt64 {
    end >= start ? end - start : 0
}

/// What the probe measures of one action while it is processed, apart from its subscribers'
/// times and its nested actions' reports.
private struct Frame {
    let actionType: any Action.Type
    /// Time in the reducer, added up over the times the action reached it.
    var reducerNanoseconds: UInt64?
    /// When the notification in progress began, or its latest subscriber returned.
    var lapStart: UInt64 = 0
    /// Time in the actions dispatched while this one was processed, which have their own reports.
    var childNanoseconds: UInt64 = 0

    init(actionType: any Action.Type) {
        self.actionType = actionType
    }

    mutating func addReducerTime(_ nanoseconds: UInt64) {
        reducerNanoseconds = (reducerNanoseconds ?? 0) &+ nanoseconds
    }

    /// The measurement of the action, which took `elapsed` nanoseconds in all.
    @inline(__always)
    func measurement(
        origin: DispatchOrigin, elapsed: UInt64, subscribers: [SubscriberMeasurement]
    ) -> DispatchMeasurement {
        let reducer = reducerNanoseconds ?? 0
        let subscribersTotal = subscribers.reduce(0) { $0 &+ $1.nanoseconds }
        let others = childNanoseconds &+ reducer &+ subscribersTotal
        return DispatchMeasurement(
            actionType: actionType, origin: origin,
            middlewareNanoseconds: elapsed > others ? elapsed - others : 0,
            reducerNanoseconds: reducerNanoseconds, subscribers: subscribers)
    }
}
