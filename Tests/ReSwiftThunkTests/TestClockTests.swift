@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

/// A thunk that sleeps `duration` on the store's clock, then records `label`.
private func labelAfter(_ duration: EffectDuration, _ label: String) -> AsyncThunk<CounterState, Void> {
    AsyncThunk { dispatch, _ in
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await EffectEnvironment.sleep(for: duration)
        dispatch(AddLabel(label: label))
    }
}

private func start<Value>(_ thunk: AsyncThunk<CounterState, Value>, on store: Store<CounterState>) {
    store.dispatch(thunk)
}

@Suite(.timeLimit(.minutes(3))) struct TestClockTests {
    let clock = TestClock()
    let store: Store<CounterState>

    init() {
        store = makeCounterStore(middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
    }

    @Test func advanceWakesSleepersInDeadlineOrderThenRegistrationOrder() async {
        start(labelAfter(.milliseconds(30), "c"), on: store)
        start(labelAfter(.milliseconds(10), "a"), on: store)
        start(labelAfter(.milliseconds(20), "b1"), on: store)
        start(labelAfter(.milliseconds(20), "b2"), on: store)
        await clock.advance(by: .milliseconds(100))
        #expect(store.state.labels == ["a", "b1", "b2", "c"])
        #expect(clock.now == EffectInstant(nanoseconds: 100_000_000))
    }

    @Test func advanceRunsWokenWorkToItsNextSuspensionBeforeMovingOn() async {
        // A poller: tick, sleep a second, four times.
        start(
            AsyncThunk<CounterState, Void> { dispatch, getState in
                for _ in 0..<4 {
                    dispatch(Increment())
                    dispatch(AddLabel(label: "tick \(getState()?.count ?? 0)"))
                    // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                    try await EffectEnvironment.sleep(for: .seconds(1))
                }
            }, on: store)
        await clock.advance(by: .zero)
        #expect(store.state.count == 1)
        await clock.advance(by: .milliseconds(2500))
        #expect(store.state.count == 3, "ticks at 0 s, 1 s and 2 s")
        await clock.advance(by: .seconds(10))
        #expect(store.state.labels == ["tick 1", "tick 2", "tick 3", "tick 4"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func whatAWokenEffectStartsRunsInTheSameAdvance() async {
        // The first thunk, once woken, dispatches a second that sleeps in turn.
        let second = labelAfter(.milliseconds(50), "second")
        start(
            AsyncThunk<CounterState, Void> { dispatch, _ in
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: .milliseconds(50))
                dispatch(AddLabel(label: "first"))
                dispatch(second)
            }, on: store)
        await clock.advance(by: .milliseconds(99))
        #expect(store.state.labels == ["first"])
        await clock.advance(by: .milliseconds(1))
        #expect(store.state.labels == ["first", "second"])
    }

    @Test func aCancelledSleeperThrowsAndIsForgotten() async throws {
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        let task = Task { try await clock.sleep(until: EffectInstant(nanoseconds: 1_000_000_000)) }
        try await eventually("the task to sleep") { clock.sleeperCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTaskThatIsNotAnEffectIsWokenToo() async throws {
        let woke = Locked(false)
        let task = Task {
            // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
            try await clock.sleep(until: EffectInstant(nanoseconds: 5))
            woke.withLock { $0 = true }
        }
        try await eventually("the task to sleep") { clock.sleeperCount == 1 }
        await clock.advance(by: .nanoseconds(5))
        try await task.value
        #expect(woke.withLock { $0 })
    }

    @Test func sleepingUntilANowOrPastInstantReturnsAtOnce() async throws {
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await clock.sleep(until: clock.now)
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func advanceGivesUpOnAnEffectBusyWithSomethingElseAfterTheSettleTimeout() async {
        let clock = TestClock(settleTimeout: 0.05)
        let store = makeCounterStore(middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
        let release = OneShotSignal()
        let finished = OneShotSignal()
        start(
            AsyncThunk<CounterState, Void> { dispatch, _ in
                await release.wait(for: "the test to release the thunk")
                dispatch(Increment())
                finished.fire()
            },
            on: store)
        #expect(await clock.advance(by: .seconds(1)) == false)
        #expect(clock.now == EffectInstant(nanoseconds: 1_000_000_000), "time moved all the same")
        release.fire()
        await finished.wait(for: "the thunk to finish")
        #expect(store.state.count == 1)
    }

    @Test func aBadDurationIsReportedThroughTheMisuseHook() async {
        // The hook is process-wide: only this file's misuses count, the previous hook gets the
        // others.
        let previous = ThunkHooks.misuseHandler
        let reported = Locked<[ThunkMisuse]>([])
        ThunkHooks.misuseHandler = { misuse in
            guard misuse.fileID == #fileID else { return previous(misuse) }
            reported.withLock { $0.append(misuse) }
        }
        defer { ThunkHooks.misuseHandler = previous }
        #expect(await clock.advance(by: .milliseconds(-5)) == false)
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        await #expect(throws: ThunkMisuse.self) { try await clock.sleep(for: .seconds(.nan)) }
        #expect(clock.now == EffectInstant(nanoseconds: 0))
        let messages = reported.withLock { $0.map(\.message) }
        #expect(messages.count == 2)
        #expect(messages.first?.contains("TestClock.advance(by:)") == true)
        #expect(messages.first?.contains("is negative (-5 ms)") == true)
        #expect(messages.last?.contains("is not a number") == true)
    }

    @Test func durationsReadWellAndSaturate() {
        #expect("\(EffectDuration.milliseconds(300))" == "300 ms")
        #expect("\(EffectDuration.seconds(1.5))" == "1.5 s")
        #expect("\(EffectDuration.seconds(2))" == "2 s")
        #expect("\(EffectDuration.nanoseconds(250))" == "250 ns")
        #expect(EffectDuration.seconds(Int.max).nanoseconds == .max)
        #expect(EffectDuration.seconds(1e300).nanoseconds == .max)
        #expect(!EffectDuration.seconds(.nan).isValidInterval)
        #expect(!EffectDuration.milliseconds(-1).isValidInterval)
        #expect(EffectDuration.zero.isValidInterval)
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            #expect(EffectDuration(.milliseconds(300)) == .milliseconds(300))
        }
    }
}
