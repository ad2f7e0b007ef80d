@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

/// A search for `query`, debounced by 300 ms under the id "search".
private func search(_ query: String) -> AsyncThunk<CounterState, String> {
    AsyncThunk(id: "search", debounce: .milliseconds(300)) { dispatch, _ in
        dispatch(AddLabel(label: query))
        return query
    }
}

/// A refresh, throttled to once a second under the id "refresh".
private func refresh(_ label: String, interval: EffectDuration = .seconds(1)) -> AsyncThunk<
    CounterState, String
> {
    AsyncThunk(id: "refresh", throttle: interval) { dispatch, _ in
        dispatch(AddLabel(label: label))
        return label
    }
}

/// Dispatches from synchronous code: fire and forget, so the test goes on at once.
private func start<Value>(_ thunk: AsyncThunk<CounterState, Value>, on store: Store<CounterState>) {
    store.dispatch(thunk)
}

@Suite(.timeLimit(.minutes(3))) struct DebounceThrottleTests {
    let clock = TestClock()
    let misuses = Locked<[ThunkMisuse]>([])
    let effects: ThunkEffects
    let store: Store<CounterState>

    init() {
        let misuses = self.misuses
        effects = ThunkEffects(clock: clock) { misuse in misuses.withLock { $0.append(misuse) } }
        store = makeCounterStore(middleware: [createThunkMiddleware(effects: effects)])
    }

    @Test func debounceRunsOnlyAfterTheIntervalWithNoNewerThunk() async {
        start(search("s"), on: store)
        await clock.advance(by: .milliseconds(200))
        start(search("sw"), on: store)
        await clock.advance(by: .milliseconds(200))
        start(search("swi"), on: store)
        await clock.advance(by: .milliseconds(299))
        #expect(store.state.labels == [], "299 ms after the last keystroke: nothing ran")
        await clock.advance(by: .milliseconds(1))
        #expect(store.state.labels == ["swi"])
        #expect(effects.statistics.inFlight == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSupersededDebouncedThunksAwaiterGetsCancellationError() async throws {
        let first = Task { try await store.dispatch(search("s")) }
        try await eventually("the first search to wait") { clock.sleeperCount == 1 }
        let second = Task { try await store.dispatch(search("sw")) }
        await #expect(throws: CancellationError.self) { try await first.value }
        try await eventually("the second search to wait") { clock.sleeperCount == 1 }
        await clock.advance(by: .milliseconds(300))
        #expect(try await second.value == "sw")
        #expect(store.state.labels == ["sw"])
    }

    @Test func aDebouncedThunkCancelledByIDNeverRuns() async {
        start(search("s"), on: store)
        store.cancelThunks(id: "search")
        await clock.advance(by: .seconds(1))
        #expect(store.state.labels == [])
    }

    @Test func throttleRunsTheFirstAndDropsTheRestOfTheWindow() async throws {
        #expect(try await store.dispatch(refresh("first")) == "first")
        await #expect(throws: CancellationError.self) { try await store.dispatch(refresh("dropped")) }
        await clock.advance(by: .milliseconds(999))
        start(refresh("dropped too"), on: store)
        await clock.advance(by: .milliseconds(1))
        #expect(try await store.dispatch(refresh("next window")) == "next window")
        #expect(store.state.labels == ["first", "next window"])
    }

    @Test func pruningClosedWindowsKeepsTheOpenWindowsOfOtherIDs() async throws {
        func throttled(_ id: String, _ label: String) -> AsyncThunk<CounterState, String> {
            AsyncThunk(id: id, throttle: .seconds(1)) { dispatch, _ in
                dispatch(AddLabel(label: label))
                return label
            }
        }
        #expect(try await store.dispatch(throttled("a", "a at 0 s")) == "a at 0 s")
        await clock.advance(by: .milliseconds(500))
        #expect(try await store.dispatch(throttled("b", "b at 0.5 s")) == "b at 0.5 s")
        await clock.advance(by: .milliseconds(600))
        // a's window closed at 1 s: this one runs, and forgets the closed windows.
        #expect(try await store.dispatch(throttled("a", "a at 1.1 s")) == "a at 1.1 s")
        await #expect(throws: CancellationError.self, "b's window stays open until 1.5 s") {
            try await store.dispatch(throttled("b", "b at 1.1 s"))
        }
        #expect(store.state.labels == ["a at 0 s", "b at 0.5 s", "a at 1.1 s"])
        #expect(effects.statistics.throttleWindows == 2)
    }

    @Test func throttleWindowsAreForgottenOnceClosed() async throws {
        for index in 0..<2000 {
            _ = try await store.dispatch(
                AsyncThunk<CounterState, Int>(id: "refresh-\(index)", throttle: .seconds(1)) { _, _ in index }
            )
        }
        #expect(effects.statistics.throttleWindows == 2000)
        await clock.advance(by: .seconds(1))
        _ = try await store.dispatch(refresh("after"))
        #expect(effects.statistics.throttleWindows == 1)
        #expect(effects.statistics.inFlightIDs == 0)
    }

    @Test(arguments: [
        (EffectDuration.milliseconds(-1), "is negative (-1 ms)"),
        (EffectDuration.seconds(Double.nan), "is not a number"),
        (EffectDuration.seconds(-Double.infinity), "is infinite"),
    ])
    func aBadIntervalIsReportedAsMisuseAndTheThunkDoesNotRun(interval: EffectDuration, problem: String) async
    {
        let line: UInt = #line + 1
        let debounced = AsyncThunk<CounterState, Void>(id: "bad", debounce: interval) { dispatch, _ in
            dispatch(Increment())
        }
        let throttled = AsyncThunk<CounterState, Void>(id: "bad", throttle: interval) { dispatch, _ in
            dispatch(Increment())
        }
        await #expect(throws: ThunkMisuse.self) { try await store.dispatch(debounced) }
        start(throttled, on: store)  // fire and forget: reported all the same
        #expect(store.state.count == 0)
        let reported = misuses.withLock { $0 }
        #expect(reported.count == 2)
        #expect(reported.allSatisfy { $0.kind == .invalidInterval && $0.message.contains(problem) })
        #expect(reported.first?.message.contains("AsyncThunk(id:debounce:) at \(#fileID):\(line)") == true)
        #expect(reported.last?.message.contains("AsyncThunk(id:throttle:)") == true)
        #expect(clock.sleeperCount == 0, "nothing waits forever")
    }

    @Test func aBadSleepInAThunkBodyGoesToItsStoresMisuseHandler() async {
        // Not to ThunkHooks.misuseHandler, which stops the program by default: the store that
        // runs the thunk has a handler of its own.
        let line: UInt = #line + 3
        let poll = AsyncThunk<CounterState, Void> { dispatch, _ in
            // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
            try await EffectEnvironment.sleep(for: .milliseconds(-3))
            dispatch(Increment())
        }
        await #expect(throws: ThunkMisuse.self) { try await store.dispatch(poll) }
        #expect(store.state.count == 0)
        let reported = misuses.withLock { $0 }
        #expect(reported.count == 1)
        let expected = "sleep(for:) at \(#fileID):\(line) is negative (-3 ms)"
        #expect(reported.first?.message.contains(expected) == true)
    }
}
