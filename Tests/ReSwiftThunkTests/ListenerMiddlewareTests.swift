@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

private struct SetCount: Action { var count: Int }
private struct Stop: Action {}

private func listenerReducer(action: Action, state: CounterState?) -> CounterState {
    var state = counterReducer(action: action, state: state)
    if let set = action as? SetCount { state.count = set.count }
    return state
}

@Suite(.timeLimit(.minutes(3))) struct ListenerMiddlewareTests {
    let clock = TestClock()
    let failures = Locked<[UnhandledThunkError]>([])
    let listeners: ListenerMiddleware<CounterState>
    let store: Store<CounterState>

    init() {
        let failures = self.failures
        listeners = ListenerMiddleware(clock: clock) { failure in failures.withLock { $0.append(failure) } }
        store = Store(
            reducer: listenerReducer, state: CounterState(),
            middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock)), listeners.middleware])
    }

    @Test func aListenerRunsAfterTheReducerAndSeesTheNewState() async {
        let seen = Locked<[Int?]>([])
        listeners.startListening(for: Increment.self) { _, listener in
            seen.withLock { $0.append(listener.getState()?.count) }
        }
        store.dispatch(Increment())
        await clock.settle()
        store.dispatch(AddLabel(label: "not a match"))
        store.dispatch(Increment())
        await clock.settle()
        #expect(seen.withLock { $0 } == [1, 2])
        #expect(listeners.statistics.activeRuns == 0)
    }

    @Test func anActionNobodyListenedForIsHeardOnceAListenerForItIsAdded() async {
        store.dispatch(Increment())  // nobody listens: the middleware remembers the type as unmatched
        let seen = Locked<[Int?]>([])
        let registration = listeners.startListening(for: Increment.self) { _, listener in
            seen.withLock { $0.append(listener.getState()?.count) }
        }
        store.dispatch(Increment())
        await clock.settle()
        #expect(seen.withLock { $0 } == [2])
        registration.remove()
        store.dispatch(Increment())
        listeners.startListening(matching: { $0 is Increment }) { _, listener in
            seen.withLock { $0.append(listener.getState()?.count) }
        }
        store.dispatch(Increment())
        await clock.settle()
        #expect(seen.withLock { $0 } == [2, 4])
    }

    @Test func aListenerNeverBlocksDispatch() async {
        let release = OneShotSignal()
        let finished = OneShotSignal()
        listeners.startListening(for: Increment.self) { _, listener in
            await release.wait(for: "the test to release the listener")
            listener.dispatch(AddLabel(label: "late"))
            finished.fire()
        }
        store.dispatch(Increment())  // returns while the listener waits
        #expect(store.state.labels == [])
        release.fire()
        await finished.wait(for: "the listener to finish")
        #expect(store.state.labels == ["late"])
    }

    @Test func aPredicateListenerSeesEveryActionItAccepts() async {
        listeners.startListening(matching: { $0 is Increment || $0 is SetCount }) { action, listener in
            listener.dispatch(AddLabel(label: "\(type(of: action))"))
        }
        store.dispatch(Increment())
        await clock.settle()
        store.dispatch(SetCount(count: 5))
        await clock.settle()
        #expect(store.state.labels == ["Increment", "SetCount"])
    }

    @Test func takeWaitsForTheNextMatchingAction() async {
        listeners.startListening(for: SetCount.self) { started, listener in
            let stop = try await listener.take(Stop.self)
            listener.dispatch(AddLabel(label: "from \(started.count) until \(type(of: stop))"))
        }
        store.dispatch(SetCount(count: 1))
        await clock.settle()
        #expect(listeners.statistics.waiting == 1)
        store.dispatch(Increment())
        await clock.settle()
        #expect(store.state.labels == [])
        store.dispatch(Stop())
        await clock.settle()
        #expect(store.state.labels == ["from 1 until Stop"])
        #expect(listeners.statistics.waiting == 0)
    }

    @Test func takeWhereReturnsTheActionThatMatched() async {
        listeners.startListening(for: SetCount.self) { started, listener in
            guard started.count == 1 else { return }
            // Described, not cast: a wrong action fails the expectation instead of trapping.
            let taken = try await listener.take { ($0 as? SetCount)?.count == 7 }
            listener.dispatch(AddLabel(label: "took \(taken)"))
        }
        store.dispatch(SetCount(count: 1))
        await clock.settle()
        store.dispatch(Increment())
        store.dispatch(SetCount(count: 5))
        store.dispatch(SetCount(count: 7))
        await clock.settle()
        #expect(store.state.labels == ["took \(SetCount(count: 7))"])
        #expect(listeners.statistics.waiting == 0)
    }

    @Test func conditionWaitsForTheState() async {
        listeners.startListening(for: Stop.self) { _, listener in
            try await listener.condition { $0.count >= 3 }
            listener.dispatch(AddLabel(label: "three"))
        }
        store.dispatch(Stop())
        store.dispatch(Increment())
        store.dispatch(Increment())
        await clock.settle()
        #expect(store.state.labels == [])
        store.dispatch(Increment())
        await clock.settle()
        #expect(store.state.labels == ["three"])
        // Already true: returns at once.
        store.dispatch(Stop())
        await clock.settle()
        #expect(store.state.labels == ["three", "three"])
    }

    @Test func delayWaitsOnTheStoresClock() async {
        listeners.startListening(for: Stop.self) { _, listener in
            try await listener.delay(.seconds(2))
            listener.dispatch(AddLabel(label: "after 2 s"))
        }
        store.dispatch(Stop())
        await clock.advance(by: .milliseconds(1999))
        #expect(store.state.labels == [])
        await clock.advance(by: .milliseconds(1))
        #expect(store.state.labels == ["after 2 s"])
    }

    /// Registers a listener with `policy` that waits a second, then records the count it started
    /// with; dispatches three `SetCount`s 100 ms apart and lets every run finish.
    private func labels(for policy: ListenerPolicy) async -> [String] {
        listeners.startListening(for: SetCount.self, policy: policy) { set, listener in
            try await listener.delay(.seconds(1))
            listener.dispatch(AddLabel(label: "\(set.count)"))
        }
        for count in 1...3 {
            store.dispatch(SetCount(count: count))
            await clock.advance(by: .milliseconds(100))
        }
        await clock.advance(by: .seconds(2))
        return store.state.labels
    }

    @Test func everyPolicyRunsEachMatch() async {
        #expect(await labels(for: .every) == ["1", "2", "3"])
    }

    @Test func latestPolicyCancelsThePreviousRun() async {
        #expect(await labels(for: .latest) == ["3"])
        #expect(listeners.statistics.droppedActions == 0, "the cancelled runs threw before dispatching")
    }

    @Test func firstPolicyIgnoresMatchesWhileRunning() async {
        #expect(await labels(for: .first) == ["1"])
        store.dispatch(SetCount(count: 4))
        await clock.advance(by: .seconds(1))
        #expect(store.state.labels == ["1", "4"], "once the run ended, the next match runs")
    }

    @Test func cancelActiveListenersCancelsTheOtherRuns() async {
        listeners.startListening(for: SetCount.self) { set, listener in
            if set.count == 0 {
                listener.cancelActiveListeners()
                listener.dispatch(AddLabel(label: "reset"))
                return
            }
            try await listener.delay(.seconds(1))
            listener.dispatch(AddLabel(label: "\(set.count)"))
        }
        store.dispatch(SetCount(count: 1))
        store.dispatch(SetCount(count: 2))
        await clock.settle()
        store.dispatch(SetCount(count: 0))
        await clock.advance(by: .seconds(1))
        #expect(store.state.labels == ["reset"])
    }

    @Test func removingAListenerCancelsItsRunsAndStopsIt() async {
        let cancelled = Locked(0)
        let registration = listeners.startListening(for: Stop.self) { _, listener in
            do {
                try await listener.delay(.seconds(10))
            } catch {
                cancelled.withLock { $0 += 1 }
                listener.dispatch(AddLabel(label: "dropped"))
                throw error
            }
        }
        store.dispatch(Stop())
        store.dispatch(Stop())
        await clock.settle()
        registration.remove()
        await clock.settle()
        #expect(cancelled.withLock { $0 } == 2)
        #expect(listeners.statistics == .init(listeners: 0, activeRuns: 0, waiting: 0, droppedActions: 2))
        store.dispatch(Stop())
        await clock.advance(by: .seconds(10))
        #expect(store.state.labels == [])
        registration.remove()  // again: nothing
    }

    @Test func anErrorGoesToTheErrorHandlerWithTheRegistrationSite() async {
        struct Offline: Error {}
        let line: UInt = #line + 1
        listeners.startListening(for: Stop.self) { _, _ in throw Offline() }
        store.dispatch(Stop())
        await clock.settle()
        let reported = failures.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.error is Offline)
        #expect(reported.first?.fileID == #fileID)
        #expect(reported.first?.line == line)
        #expect(
            reported.first?.description.contains("listener for Stop registered at \(#fileID):\(line)") == true
        )
    }

    /// The two ways a listener waits on the clock.
    enum ClockWait: Sendable, CaseIterable {
        /// `listener.delay(_:)`.
        case delay
        /// `EffectEnvironment.sleep(for:)`, which reaches the middleware through the run's task.
        case environmentSleep
    }

    @Test(arguments: ClockWait.allCases)
    func aBadWaitInAListenerGoesToItsMiddlewaresMisuseHandler(_ wait: ClockWait) async {
        let misuses = Locked<[ThunkMisuse]>([])
        let listeners = ListenerMiddleware<CounterState>(
            clock: clock, misuseHandler: { misuse in misuses.withLock { $0.append(misuse) } })
        let store = Store(reducer: listenerReducer, state: CounterState(), middleware: [listeners.middleware])
        let delayLine: UInt = #line + 4
        listeners.startListening(for: Stop.self) { _, listener in
            switch wait {
            case .delay:
                try await listener.delay(.seconds(-1))
            case .environmentSleep:
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: .seconds(.nan))
            }
            listener.dispatch(Increment())
        }
        store.dispatch(Stop())
        await clock.settle()
        #expect(misuses.withLock { $0.map(\.line) } == [wait == .delay ? delayLine : delayLine + 3])
        #expect(store.state.count == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func finishedRunsAreForgotten() async {
        listeners.startListening(for: SetCount.self) { set, listener in
            if set.count.isMultiple(of: 2) { try await listener.delay(.milliseconds(1)) }
        }
        for count in 0..<2000 { store.dispatch(SetCount(count: count)) }
        await clock.advance(by: .milliseconds(1))
        #expect(listeners.statistics.activeRuns == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func thunksCanWaitOnTheClockInsideListeners() async {
        // A listener that dispatches a debounced thunk: both on the same clock.
        let search = { @Sendable (query: String) in
            AsyncThunk<CounterState, Void>(id: "search", debounce: .milliseconds(300)) { dispatch, _ in
                dispatch(AddLabel(label: query))
            }
        }
        listeners.startListening(for: SetCount.self) { set, listener in
            listener.dispatch(search("q\(set.count)"))
        }
        store.dispatch(SetCount(count: 1))
        await clock.advance(by: .milliseconds(100))
        store.dispatch(SetCount(count: 2))
        await clock.advance(by: .milliseconds(300))
        #expect(store.state.labels == ["q2"])
    }
}
