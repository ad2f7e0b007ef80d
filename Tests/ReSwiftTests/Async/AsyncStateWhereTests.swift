@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct AsyncStateWhereTests {
    private func makeStore() -> Store<ScoreState> {
        Store(reducer: scoreReducer, state: ScoreState())
    }

    @Test func returnsAtOnceWhenTheCurrentStateMatches() async throws {
        let store = makeStore()
        let state = try await withDeadline("the current state") {
            try await store.state(where: { $0.count == 0 })
        }
        #expect(state.count == 0)
    }

    @Test func waitsForAMatchingState() async throws {
        let store = makeStore()
        let subscribed = OneShotSignal()
        let waiter = Task {
            try await store.state(where: { state in
                subscribed.fire()
                return state.count == 2
            })
        }
        await subscribed.wait(for: "the waiter to subscribe")
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        let state = try await waiter.value(waitingFor: "the state with count 2")
        #expect(state.count == 2)
    }

    @Test func stopsWatchingOnceMatched() async throws {
        let store = makeStore()
        let checks = Locked(0)
        _ = try await withDeadline("the first matching state") {
            try await store.state(where: { state in
                checks.withLock { $0 += 1 }
                return true
            })
        }
        store.dispatch(ScoreAction.increment)
        #expect(checks.current == 1)
    }

    @Test func cancellingTheWaitingTaskThrowsAndUnsubscribes() async throws {
        let store = makeStore()
        let checks = Locked(0)
        let subscribed = OneShotSignal()
        let waiter = Task {
            try await store.state(where: { _ in
                checks.withLock { $0 += 1 }
                subscribed.fire()
                return false
            })
        }
        await subscribed.wait(for: "the waiter to subscribe")
        waiter.cancel()
        await #expect(throws: CancellationError.self) {
            try await waiter.value(waitingFor: "the cancelled waiter")
        }
        let before = checks.current
        store.dispatch(ScoreAction.increment)
        #expect(checks.current == before)
    }

    @Test func anAlreadyCancelledTaskThrowsWithoutSubscribing() async {
        let store = makeStore()
        let checks = Locked(0)
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.state(where: { _ in
                checks.withLock { $0 += 1 }
                return true
            })
        }
        await #expect(throws: CancellationError.self) {
            try await waiter.value(waitingFor: "the cancelled waiter")
        }
        #expect(checks.current == 0)
    }
}
