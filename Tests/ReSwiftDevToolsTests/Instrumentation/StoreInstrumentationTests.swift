import Foundation
import TestSupport
import Testing

@_spi(ReSwiftInternal) @testable import ReSwift
@testable import ReSwiftDevTools

private struct Count: Equatable {
    var value = 0
    var label = ""
}

private struct Tally: Action {}
private struct Relabel: Action {}
private struct Kickoff: Action {}
private struct FollowUp: Action {}

private func countReducer(action: Action, state: Count?) -> Count {
    var state = state ?? Count()
    switch action {
    case is Tally: state.value += 1
    case is Relabel: state.label += "x"
    default: break
    }
    return state
}

/// Keeps every measurement the store reports.
private final class MeasurementLog: StoreInstrumentation {
    let measurements = Locked<[DispatchMeasurement]>([])

    func storeDidDispatch(_ measurement: DispatchMeasurement) {
        measurements.withLock { $0.append(measurement) }
    }

    var names: [String] { measurements.current.map(\.actionTypeName) }
}

/// A clock that moves only when the test advances it.
private final class ManualClock: NanosecondClock, Sendable {
    private let time = Locked<UInt64>(1_000)

    func now() -> UInt64 { time.current }

    func advance(_ nanoseconds: UInt64) {
        time.withLock { $0 += nanoseconds }
    }
}

private final class CountView: StoreSubscriber {
    var seen = 0
    func newState(state: Count) { seen = state.value }
}

/// A middleware that, on `Kickoff`, dispatches `Tally` before passing `Kickoff` on: a thunk's
/// shape.
private func kickoffDispatchesTally() -> Middleware<Count> {
    { dispatch, _ in
        { next in
            { action in
                if action is Kickoff { dispatch(Tally()) }
                next(action)
            }
        }
    }
}

/// A ReSwift 6.1-style subclass overriding the open `dispatch(_:)`.
private final class CountingStore: Store<Count>, @unchecked Sendable {
    let overrideCalls = Locked(0)

    override func dispatch(_ action: Action) {
        overrideCalls.withLock { $0 += 1 }
        super.dispatch(action)
    }
}

@Suite(.serialized) struct StoreInstrumentationTests {
    private func makeStore(
        _ recorder: MeasurementLog?, middleware: [Middleware<Count>] = []
    ) -> Store<Count> {
        let store = Store<Count>(reducer: countReducer, state: Count(), middleware: middleware)
        store.instrumentation = recorder
        return store
    }

    @Test func reportsOneMeasurementPerActionWithItsTypeName() throws {
        let recorder = MeasurementLog()
        let store = makeStore(recorder)
        store.dispatch(Tally())
        store.dispatch(Relabel())
        try #require(recorder.names == ["Tally", "Relabel"])
        let first = recorder.measurements.current[0]
        #expect(first.reducerNanoseconds != nil)
        #expect(first.origin.parent == nil)
        #expect(first.origin.callSite == nil)
        #expect(first.origin.thread == DispatchThread.current)
    }

    @Test func storesStartWithTheDefaultInstrumentation() {
        let recorder = MeasurementLog()
        ReSwiftHooks.defaultInstrumentation = recorder
        let store = Store<Count>(reducer: countReducer, state: nil)
        ReSwiftHooks.defaultInstrumentation = nil
        let later = Store<Count>(reducer: countReducer, state: nil)
        store.dispatch(Tally())
        later.dispatch(Tally())
        #expect(store.instrumentation === recorder)
        #expect(later.instrumentation == nil)
        #expect(recorder.names == ["ReSwiftInit", "Tally"])
    }

    @Test func nilInstrumentationReportsNothingAndSetsNoOrigin() {
        let recorder = MeasurementLog()
        let store = makeStore(recorder)
        store.instrumentation = nil
        let originsSeen = Locked<[DispatchOrigin?]>([])
        let token = store.subscribe { _ in originsSeen.withLock { $0.append(DispatchOrigin.current) } }
        store.dispatch(Tally())
        #expect(recorder.names.isEmpty)
        #expect(originsSeen.current.count == 2)
        #expect(originsSeen.current.allSatisfy { $0 == nil })
        token.cancel()
    }

    @Test func aNestedMiddlewareDispatchIsReportedBeforeItsParentAndNamesIt() throws {
        let recorder = MeasurementLog()
        let store = makeStore(recorder, middleware: [kickoffDispatchesTally()])
        store.dispatch(Kickoff())
        try #require(recorder.names == ["Tally", "Kickoff"])
        let child = recorder.measurements.current[0]
        #expect(child.origin.parent == .middleware(Kickoff.self))
        #expect(child.origin.parent?.actionTypeName == "Kickoff")
        #expect(recorder.measurements.current[1].origin.parent == nil)
        #expect(store.state.value == 1)
    }

    /// In a child process (`storeDeferralScenario`, its "instrumented" scenario): a store that
    /// ran the deferred action while still notifying would stop on its internal precondition,
    /// and take this process with it.
    @Test(.timeLimit(.minutes(3))) func anActionDeferredFromNewStateIsReportedAfterTheActionThatDeferredIt()
        throws
    {
        #expect(
            try storeDeferralScenario("instrumented") == [
                "measured Increment, dispatched by the caller",
                "measured SetName, deferred by a subscriber of Increment",
                "returned one",
            ])
    }

    /// Kickoff's middleware dispatches FollowUp, whose middleware dispatches Increment, whose
    /// notification defers a rename; after Kickoff's notification its middleware dispatches one
    /// more Increment. In a child process (scenario "instrumented-nesting"), as the test above.
    @Test(.timeLimit(.minutes(3))) func nestedReportsKeepTheirOrderAtEveryDepth() throws {
        #expect(
            try storeDeferralScenario("instrumented-nesting") == [
                "measured Increment, dispatched by the middleware of FollowUp",
                "measured SetName, deferred by a subscriber of Increment",
                "measured FollowUp, dispatched by the middleware of Kickoff",
                "measured Increment, dispatched by the middleware of Kickoff",
                "measured Kickoff, dispatched by the caller",
                "returned one",
            ])
    }

    @Test func subscriberTimesAreReportedPerKindInNotificationOrder() {
        let recorder = MeasurementLog()
        let store = makeStore(recorder)
        let view = CountView()
        store.subscribe(view)
        let whole = store.subscribe { (_: Count) in }
        let label = store.subscribe(transform: { $0.select(\.label) }) { _ in }
        store.dispatch(Tally())
        let kinds = recorder.measurements.current.last?.subscribers.map(\.subscriber)
        #expect(
            kinds == [
                .object(CountView.self), .closure(selecting: Count.self), .closure(selecting: String.self),
            ])
        #expect(kinds?.map(\.typeName) == ["CountView", "closure(Count)", "closure(String)"])
        #expect(view.seen == 1)
        whole.cancel()
        label.cancel()
    }

    @Test func aDispatchWithACallSiteRecordsItAndMakesItCurrent() {
        let recorder = MeasurementLog()
        let seenByMiddleware = Locked<CallSite?>(nil)
        let readsOrigin: Middleware<Count> = { _, _ in
            { next in
                { action in
                    seenByMiddleware.withLock { $0 = DispatchOrigin.current?.callSite }
                    next(action)
                }
            }
        }
        let store = makeStore(recorder, middleware: [readsOrigin])
        let line: UInt = #line + 1
        store.dispatch(Tally(), file: #fileID, line: #line)
        let expected = CallSite(fileID: #fileID, line: line)
        #expect(recorder.measurements.current.first?.origin.callSite == expected)
        #expect(seenByMiddleware.current == expected)
        #expect(DispatchOrigin.current == nil)
    }

    @Test func anInstrumentedStoreMakesTheCallSiteCurrentAndHidesItInANestedDispatch() {
        let seen = Locked<[String: CallSite?]>([:])
        let readsCallSite: Middleware<Count> = { dispatch, _ in
            { next in
                { action in
                    seen.withLock { $0["\(type(of: action))"] = CallSite.current }
                    if action is Kickoff { dispatch(Tally()) }
                    next(action)
                }
            }
        }
        let store = makeStore(MeasurementLog(), middleware: [readsCallSite])
        store.dispatch(Kickoff(), file: "App/Input.swift", line: 5)
        #expect(seen.current["Kickoff"]??.description == "App/Input.swift:5")
        #expect(seen.current["Tally"] == .some(nil))
        #expect(CallSite.current == nil)
    }

    @Test func aCallSiteIsCurrentWithoutAnInstrumentationToo() {
        let seen = Locked<CallSite?>(nil)
        let store = makeStore(nil)
        let token = store.subscribe { _ in seen.withLock { $0 = DispatchOrigin.current?.callSite } }
        store.dispatch(Tally(), file: "App/Input.swift", line: 7)
        #expect(seen.current?.description == "App/Input.swift:7")
        token.cancel()
    }

    @Test func aMiddlewareDispatchInsideDispatchingCarriesTheCallSiteOnce() {
        let recorder = MeasurementLog()
        let site = CallSite(fileID: "App/Thunks.swift", line: 12)
        let dispatchesWithSite: Middleware<Count> = { dispatch, _ in
            { next in
                { action in
                    if action is Kickoff {
                        site._dispatching { dispatch(Tally()) }
                        dispatch(FollowUp())
                    }
                    next(action)
                }
            }
        }
        let store = makeStore(recorder, middleware: [dispatchesWithSite])
        store.dispatch(Kickoff())
        let origins = recorder.measurements.current.map { ($0.actionTypeName, $0.origin.callSite) }
        #expect(origins.map(\.0) == ["Tally", "FollowUp", "Kickoff"])
        #expect(origins.map(\.1) == [site, nil, nil])
        #expect(store.state.value == 1)
    }

    @Test func aPendingCallSiteDoesNotLeakToTheNextPlainDispatch() {
        let seen = Locked<[CallSite?]>([])
        let store = makeStore(nil)
        let token = store.subscribe { _ in seen.withLock { $0.append(DispatchOrigin.current?.callSite) } }
        // Nothing takes the call site: it must not attach itself to a later dispatch.
        CallSite(fileID: "App/Elsewhere.swift", line: 3)._dispatching {}
        store.dispatch(Tally())
        #expect(seen.current == [nil, nil])
        token.cancel()
    }

    @Test func aSubclassOverrideOfDispatchStillRunsForCallSiteDispatches() {
        let recorder = MeasurementLog()
        let store = CountingStore(reducer: countReducer, state: Count())
        store.instrumentation = recorder
        store.dispatch(Tally(), file: "App/Input.swift", line: 9)
        #expect(store.overrideCalls.current == 1)
        #expect(store.state.value == 1)
        #expect(recorder.measurements.current.first?.origin.callSite?.description == "App/Input.swift:9")
    }

    @Test func eachPartIsTimedOnTheStoresClockAndMiddlewareTimeLeavesOutNestedDispatches() throws {
        let recorder = MeasurementLog()
        let clock = ManualClock()
        // Each part of the work advances the clock by its own amount: the measurements must
        // come out as exactly those amounts.
        let timedMiddleware: Middleware<Count> = { dispatch, _ in
            { next in
                { action in
                    if action is Tally { clock.advance(100_000_000) }
                    if action is Kickoff {
                        clock.advance(3_000)
                        dispatch(Tally())
                        clock.advance(4_000)
                    }
                    next(action)
                }
            }
        }
        let store = Store<Count>(
            reducer: { action, state in
                clock.advance(action is Tally ? 20 : 10)
                return countReducer(action: action, state: state)
            }, state: Count(), middleware: [timedMiddleware], automaticallySkipsRepeats: false)
        store.instrument(with: recorder, clock: clock)
        let token = store.subscribe { _ in clock.advance(500) }
        store.dispatch(Kickoff())
        let measurements = recorder.measurements.current
        try #require(measurements.map(\.actionTypeName) == ["Tally", "Kickoff"])
        let (child, parent) = (measurements[0], measurements[1])
        // The child's 100 ms are its own middleware time, not its parent's.
        #expect(child.middlewareNanoseconds == 100_000_000)
        #expect(child.reducerNanoseconds == 20)
        #expect(child.subscribers.map(\.nanoseconds) == [500])
        #expect(parent.middlewareNanoseconds == 7_000)
        #expect(parent.reducerNanoseconds == 10)
        #expect(parent.subscribers.map(\.nanoseconds) == [500])
        #expect(parent.totalNanoseconds == 7_510)
        token.cancel()
    }

    @Test func middlewareTimeEndsWhereTheReducerBeginsOrWhereAChainThatSwallowedTheActionReturns() throws {
        let recorder = MeasurementLog()
        let clock = ManualClock()
        let timedMiddleware: Middleware<Count> = { dispatch, _ in
            { next in
                { action in
                    if action is Kickoff {
                        // Swallowed: its middleware time runs until the chain returns.
                        clock.advance(1_000)
                        dispatch(Tally())
                        clock.advance(3_000)
                        return
                    }
                    clock.advance(2_000)
                    next(action)
                    // After the reducer and the subscribers: no one's middleware time.
                    clock.advance(50_000)
                }
            }
        }
        let store = Store<Count>(
            reducer: { action, state in
                clock.advance(20)
                return countReducer(action: action, state: state)
            }, state: Count(), middleware: [timedMiddleware], automaticallySkipsRepeats: false)
        store.instrument(with: recorder, clock: clock)
        let token = store.subscribe { _ in clock.advance(500) }
        store.dispatch(Kickoff())
        store.dispatch(Tally())
        let measurements = recorder.measurements.current
        try #require(measurements.map(\.actionTypeName) == ["Tally", "Kickoff", "Tally"])
        for tally in [measurements[0], measurements[2]] {
            #expect(tally.middlewareNanoseconds == 2_000)
            #expect(tally.reducerNanoseconds == 20)
            #expect(tally.subscribers.map(\.nanoseconds) == [500])
        }
        // The nested Tally's whole time, its unwinding included, is left out of Kickoff's.
        #expect(measurements[1].middlewareNanoseconds == 4_000)
        #expect(measurements[1].reducerNanoseconds == nil)
        token.cancel()
    }

    @Test func aBatchOpenedByMiddlewareCountsItsNotificationInTheOuterAction() throws {
        let recorder = MeasurementLog()
        let clock = ManualClock()
        let storeBox = Locked<Store<Count>?>(nil)
        let batching: Middleware<Count> = { _, _ in
            { next in
                { action in
                    if action is Kickoff, let store = storeBox.current {
                        clock.advance(1_000)
                        store.batch {
                            store.dispatch(Tally())
                            store.dispatch(Relabel())
                        }
                    }
                    next(action)
                }
            }
        }
        let store = Store<Count>(
            reducer: { action, state in
                clock.advance(10)
                return countReducer(action: action, state: state)
            }, state: Count(), middleware: [batching], automaticallySkipsRepeats: false)
        storeBox.withLock { $0 = store }
        store.instrument(with: recorder, clock: clock)
        let token = store.subscribe { _ in clock.advance(500) }
        store.dispatch(Kickoff())
        let measurements = recorder.measurements.current
        try #require(measurements.map(\.actionTypeName) == ["Tally", "Relabel", "Kickoff"])
        // The batched actions notify no one themselves.
        #expect(measurements[0].subscribers.isEmpty && measurements[0].reducerNanoseconds == 10)
        #expect(measurements[1].subscribers.isEmpty && measurements[1].reducerNanoseconds == 10)
        // The batch's one notification, then Kickoff's own, both in Kickoff.
        #expect(measurements[2].subscribers.map(\.nanoseconds) == [500, 500])
        #expect(measurements[2].reducerNanoseconds == 10)
        #expect(measurements[2].middlewareNanoseconds == 1_000)
        token.cancel()
        storeBox.withLock { $0 = nil }
    }

    @Test func dispatchesFromManyThreadsAreEachReportedOnce() {
        let recorder = MeasurementLog()
        let store = makeStore(recorder, middleware: [kickoffDispatchesTally()])
        let threads = 8
        let perThread = 200
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(Kickoff(), file: #fileID, line: #line)
            }
        }
        let measurements = recorder.measurements.current
        #expect(measurements.count == threads * perThread * 2)
        #expect(
            measurements.filter { $0.actionType == Kickoff.self }.allSatisfy { $0.origin.callSite != nil })
        #expect(
            measurements.filter { $0.actionType == Tally.self }.allSatisfy {
                $0.origin.parent == .middleware(Kickoff.self) && $0.origin.callSite == nil
            })
        #expect(store.state.value == threads * perThread)
    }
}
