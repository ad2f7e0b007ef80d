@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

/// A store whose thunk middleware runs on `clock`, recording what its reducer sees.
private func makeStore(
    clock: TestClock, effects: ThunkEffects? = nil, reduced: ActionRecorder? = nil
) -> (Store<CounterState>, ThunkEffects) {
    let effects = effects ?? ThunkEffects(clock: clock)
    return (
        makeCounterStore(middleware: [createThunkMiddleware(effects: effects)], reduced: reduced), effects
    )
}

/// A thunk with id `id` that sleeps on the store's clock for an hour, then increments.
private func sleeper(
    id: String, cancelInFlight: Bool = false, cleanedUp: Locked<Int>? = nil
) -> AsyncThunk<CounterState, Int> {
    AsyncThunk(id: id, cancelInFlight: cancelInFlight) { dispatch, _ in
        defer { cleanedUp?.withLock { $0 += 1 } }
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await EffectEnvironment.sleep(for: .seconds(3600))
        dispatch(Increment())
        return 1
    }
}

/// Dispatches from synchronous code: the thunk starts, and the call returns at once.
private func fireAndForget<Value>(_ thunk: AsyncThunk<CounterState, Value>, on store: Store<CounterState>) {
    store.dispatch(thunk)
}

@Suite(.timeLimit(.minutes(3))) struct ThunkCancellationTests {
    @Test func cancelThunksCancelsEveryInFlightThunkWithTheID() async throws {
        let clock = TestClock()
        let (store, effects) = makeStore(clock: clock)
        let cleanedUp = Locked(0)
        let first = Task { try await store.dispatch(sleeper(id: "load", cleanedUp: cleanedUp)) }
        let second = Task { try await store.dispatch(sleeper(id: "load", cleanedUp: cleanedUp)) }
        let other = Task { try await store.dispatch(sleeper(id: "other")) }
        try await eventually("the three thunks to sleep") { clock.sleeperCount == 3 }
        #expect(effects.statistics.inFlight == 3)

        store.cancelThunks(id: "load")

        await #expect(throws: CancellationError.self) { try await first.value }
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(cleanedUp.withLock { $0 } == 2)
        #expect(effects.statistics.inFlight == 1)
        await clock.advance(by: .seconds(3600))
        #expect(try await other.value == 1)
        #expect(store.state.count == 1)
    }

    @Test func actionsDispatchedAfterCancellationAreDroppedAndCounted() async throws {
        let clock = TestClock()
        let reduced = ActionRecorder()
        let (store, effects) = makeStore(clock: clock, reduced: reduced)
        let cleanupRan = OneShotSignal()
        let thunk = AsyncThunk<CounterState, Int>(id: "poll") { dispatch, _ in
            do {
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: .seconds(1))
            } catch {
                // Cleanup that dispatches: dropped, the thunk was cancelled.
                dispatch(Increment())
                dispatch(AddLabel(label: "cleanup"))
                cleanupRan.fire()
            }
            return 42  // ignored: a cancelled thunk's awaiter gets CancellationError
        }
        let awaiting = Task { try await store.dispatch(thunk) }
        try await eventually("the thunk to sleep") { clock.sleeperCount == 1 }

        store.dispatch(CancelThunks(id: "poll"))

        await #expect(throws: CancellationError.self) { try await awaiting.value }
        await cleanupRan.wait(for: "the cleanup to run")
        #expect(effects.statistics.droppedActions == 2)
        #expect(store.state == CounterState())
        #expect(reduced.count(of: Increment.self) == 0)
        #expect(reduced.count(of: AddLabel.self) == 0)
        #expect(reduced.count(of: CancelThunks.self) == 0, "the middleware handles CancelThunks")
    }

    @Test func cancelInFlightLetsTheLatestWin() async throws {
        let clock = TestClock()
        let (store, effects) = makeStore(clock: clock)
        let first = Task { try await store.dispatch(sleeper(id: "search", cancelInFlight: true)) }
        try await eventually("the first search to sleep") { clock.sleeperCount == 1 }
        let second = Task { try await store.dispatch(sleeper(id: "search", cancelInFlight: true)) }

        // Bounded: if the second doesn't cancel the first, the first sleeps for good and this
        // fails after the deadline (a TestSupportError, not the CancellationError expected).
        await #expect(throws: CancellationError.self) {
            try await first.value(waitingFor: "the first search to be cancelled by the second")
        }
        try await eventually("the second search to sleep") { clock.sleeperCount == 1 }
        #expect(effects.statistics.inFlight == 1)
        await clock.advance(by: .seconds(3600))
        #expect(try await second.value(waitingFor: "the second search") == 1)
        #expect(store.state.count == 1)
    }

    @Test func withoutCancelInFlightThunksOfOneIDRunSideBySide() async throws {
        let clock = TestClock()
        let (store, _) = makeStore(clock: clock)
        let first = Task { try await store.dispatch(sleeper(id: "save")) }
        let second = Task { try await store.dispatch(sleeper(id: "save")) }
        try await eventually("both to sleep") { clock.sleeperCount == 2 }
        await clock.advance(by: .seconds(3600))
        #expect(try await first.value + second.value == 2)
        #expect(store.state.count == 2)
    }

    @Test func aThunkBodyCancelsOthersWithTheCancelAction() async throws {
        let clock = TestClock()
        let (store, _) = makeStore(clock: clock)
        let polling = Task { try await store.dispatch(sleeper(id: "poll")) }
        try await eventually("the poller to sleep") { clock.sleeperCount == 1 }
        try await store.dispatch(
            AsyncThunk<CounterState, Void> { dispatch, _ in dispatch(CancelThunks(id: "poll")) })
        await #expect(throws: CancellationError.self) { try await polling.value }
    }

    @Test func cancellingAnIDNothingUsesDoesNothing() async throws {
        let clock = TestClock()
        let reduced = ActionRecorder()
        let (store, effects) = makeStore(clock: clock, reduced: reduced)
        let before = reduced.count
        store.cancelThunks(id: "nothing")
        effects.cancel(id: "nothing either")
        #expect(reduced.count == before)
        #expect(store.state == CounterState())
        #expect(
            effects.statistics
                == ThunkEffects.Statistics(inFlight: 0, inFlightIDs: 0, throttleWindows: 0, droppedActions: 0)
        )
    }

    @Test func idsOfDifferentTypesNeverMatch() async throws {
        let clock = TestClock()
        let (store, _) = makeStore(clock: clock)
        let byInt = Task {
            try await store.dispatch(
                AsyncThunk<CounterState, Int>(id: 1) { _, _ in
                    // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                    try await EffectEnvironment.sleep(for: .seconds(1))
                    return 1
                })
        }
        try await eventually("the thunk to sleep") { clock.sleeperCount == 1 }
        store.cancelThunks(id: "1")
        await clock.advance(by: .seconds(1))
        #expect(try await byInt.value == 1)
    }

    @Test func thousandsOfIDsAreForgottenOnceTheirThunksFinish() async throws {
        let clock = TestClock()
        let (store, effects) = makeStore(clock: clock)
        for index in 0..<2000 {
            try await store.dispatch(AsyncThunk<CounterState, Void>(id: "finished-\(index)") { _, _ in })
        }
        #expect(effects.statistics.inFlight == 0)
        #expect(effects.statistics.inFlightIDs == 0)

        for index in 0..<2000 {
            fireAndForget(sleeper(id: "cancelled-\(index)"), on: store)
        }
        #expect(effects.statistics.inFlightIDs == 2000)
        for index in 0..<2000 {
            store.cancelThunks(id: "cancelled-\(index)")
        }
        #expect(effects.statistics.inFlight == 0)
        #expect(effects.statistics.inFlightIDs == 0)
        #expect(await clock.settle(), "the cancelled thunks end")
        #expect(clock.sleeperCount == 0)
    }
}
