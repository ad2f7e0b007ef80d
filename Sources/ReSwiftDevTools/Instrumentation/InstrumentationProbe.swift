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
            if let current = frame, current.middlewareNanoseconds == nil {
                let middleware = current.middleware(until: start, laps: lapsSince(current.subscribersStart))
                frame?.middlewareNanoseconds = middleware
            }
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

    /// The subscriber time recorded since position `start` of `subscriberTimes` (0 for `nil`):
    /// the laps of the action being measured.
    private func lapsSince(_ start: Int?) -> UInt64 {
        guard let start, subscriberTimes.count > start else { return 0 }
        let times = subscriberTimes
        return times[start...].reduce(0) { $0 &+ $1.nanoseconds }
    }

    /// Runs an action (`body`) with its origin and call site current, and reports it with the
    /// outermost action.
    ///
    /// The clock is read when the action starts, and around its reducer (``measure(_:_:)``):
    /// its middleware time ends where the reducer begins. It is read once more when the chain
    /// returns only if that time is needed: for an action that never reached the reducer, and
    /// for one dispatched from the middleware of an action that hasn't reached it yet, whose
    /// middleware time leaves this one's out.
    @inline(__always)
    private func measureAction(
        _ actionType: any Action.Type, callSite: CallSite?, deferredAfter: (any Action.Type)?,
        _ body: () -> Void
    ) {
        // One look-up of the thread's context, for its description, its current origin and its
        // call sites.
        ThreadContext.withCurrent { context in
            let outer = frame
            let parent =
                deferredAfter.map { DispatchParent.subscriber($0) }
                ?? outer.map { .middleware($0.actionType) }
            let origin = DispatchOrigin(callSite: callSite, thread: context.thread, parent: parent)
            let outerOrigin = context.origin
            context.origin = origin
            let (subscribersStart, reportsStart) = (subscriberTimes.count, nestedReports.count)
            let start = now()
            let started = Frame(
                actionType: actionType, start: start, subscribersStart: subscribersStart)
            frame = started
            context.callSites.withCurrent(callSite, body)
            context.origin = outerOrigin
            // Set above; the actions nested in this one put it back when they end.
            var finished = frame ?? started
            frame = outer
            let inOuterMiddleware = outer != nil && outer?.middlewareNanoseconds == nil
            if finished.middlewareNanoseconds == nil || inOuterMiddleware {
                let end = now()
                if finished.middlewareNanoseconds == nil {
                    finished.middlewareNanoseconds = finished.middleware(
                        until: end, laps: lapsSince(subscribersStart))
                }
                let elapsed = nanoseconds(from: start, to: end)
                frame?.childNanoseconds &+= elapsed
            }

            var subscribers: [SubscriberMeasurement] = []
            if subscriberTimes.count > subscribersStart {
                var times = takeSubscriberTimes()
                subscribers = Array(times[subscribersStart...])
                times.removeSubrange(subscribersStart...)
                subscriberTimes = times
            }
            let measurement = finished.measurement(origin: origin, subscribers: subscribers)
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
}

/// The nanoseconds from `start` to `end`, or 0 if a clock went back.
func nanoseconds(from start: UInt64, to end: UInt64) -> UInt64 {
    end >= start ? end - start : 0
}

/// What the probe measures of one action while it is processed, apart from its subscribers'
/// times and its nested actions' reports.
private struct Frame {
    let actionType: any Action.Type
    /// When the action started.
    let start: UInt64
    /// Where the action's subscriber times begin in the probe's array.
    let subscribersStart: Int
    /// Time in the middleware chain before the action reached the reducer, without nested
    /// actions and notifications; set when it reached it (or when the chain returned).
    var middlewareNanoseconds: UInt64?
    /// Time in the reducer, added up over the times the action reached it.
    var reducerNanoseconds: UInt64?
    /// When the notification in progress began, or its latest subscriber returned.
    var lapStart: UInt64 = 0
    /// Time in the actions dispatched from the middleware before the action reached the
    /// reducer, which have their own reports.
    var childNanoseconds: UInt64 = 0

    /// The middleware time if the action reached the reducer at `time` (or its chain returned
    /// then, never reaching it): without its nested actions, nor `laps`, the subscriber time
    /// recorded meanwhile (a batch's notification).
    func middleware(until time: UInt64, laps: UInt64) -> UInt64 {
        let others = childNanoseconds &+ laps
        let elapsed = nanoseconds(from: start, to: time)
        return elapsed > others ? elapsed - others : 0
    }

    mutating func addReducerTime(_ nanoseconds: UInt64) {
        reducerNanoseconds = (reducerNanoseconds ?? 0) &+ nanoseconds
    }

    /// The measurement of the action.
    @inline(__always)
    func measurement(origin: DispatchOrigin, subscribers: [SubscriberMeasurement]) -> DispatchMeasurement {
        DispatchMeasurement(
            actionType: actionType, origin: origin, middlewareNanoseconds: middlewareNanoseconds ?? 0,
            reducerNanoseconds: reducerNanoseconds, subscribers: subscribers)
    }
}
