@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct AsyncStatesTests {
    private func makeStore() -> Store<ScoreState> {
        Store(reducer: scoreReducer, state: ScoreState())
    }

    @Test func statesStartWithTheCurrentStateThenFollowEachNewOne() async throws {
        let store = makeStore()
        var states = store.states(bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.rename("b"))
        #expect(
            try await withDeadline("the current state") { await states.next() }
                == ScoreState(count: 0, name: "counter"))
        #expect(
            try await withDeadline("the incremented state") { await states.next() }
                == ScoreState(count: 1, name: "counter"))
        #expect(
            try await withDeadline("the renamed state") { await states.next() }
                == ScoreState(count: 1, name: "b"))
    }

    @Test func newestBufferingSkipsToTheLatestState() async throws {
        let store = makeStore()
        var counts = store.states(\.count).makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        #expect(try await withDeadline("the latest count") { await counts.next() } == 3)
    }

    @Test func unboundedBufferingKeepsEveryValue() async throws {
        let store = makeStore()
        var counts = store.states(\.count, bufferingPolicy: .unbounded).makeAsyncIterator()
        for _ in 0..<5 { store.dispatch(ScoreAction.increment) }
        var seen: [Int] = []
        for index in 0..<6 {
            seen.append(try await withDeadline("value \(index)") { await counts.next() } ?? -1)
        }
        #expect(seen == [0, 1, 2, 3, 4, 5])
    }

    @Test func equatableSelectionsSkipRepeats() async throws {
        let store = makeStore()
        var counts = store.states(\.count, bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.rename("no count change"))
        store.dispatch(ScoreAction.noop)
        store.dispatch(ScoreAction.increment)
        #expect(try await withDeadline("the first count") { await counts.next() } == 0)
        #expect(try await withDeadline("the incremented count") { await counts.next() } == 1)
    }

    @Test func newestBufferingNeverRepeatsTheLastValueDelivered() async throws {
        var store: Store<ScoreState>? = makeStore()
        var counts = store!.states(\.count).makeAsyncIterator()
        #expect(try await withDeadline("the first count") { await counts.next() } == 0)
        // 1, then 0 again: the one-value buffer ends up holding 0, the value the consumer
        // already has, which must not be delivered twice.
        store!.dispatch(ScoreAction.increment)
        store!.dispatch(ScoreAction.decrement)
        store = nil
        #expect(try await withDeadline("the end of the counts") { await counts.next() } == nil)
    }

    @Test func closureSelectionsWork() async throws {
        let store = makeStore()
        var lengths = store.states({ $0.name.count }, bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.rename("abc"))
        #expect(try await withDeadline("the first length") { await lengths.next() } == 7)
        #expect(try await withDeadline("the renamed length") { await lengths.next() } == 3)
    }

    @Test func nonEquatableSelectionsDeliverEveryState() async throws {
        struct Opaque: Sendable { var count: Int }
        let store = makeStore()
        var values = store.states({ Opaque(count: $0.count) }, bufferingPolicy: .unbounded)
            .makeAsyncIterator()
        store.dispatch(ScoreAction.noop)
        #expect(try await withDeadline("the first value") { await values.next() }?.count == 0)
        #expect(try await withDeadline("the value after the no-op") { await values.next() }?.count == 0)
    }

    @Test func iterationEndsWhenTheStoreIsGone() async throws {
        var store: Store<ScoreState>? = makeStore()
        let weakStore = WeakReference(store)
        var counts = store!.states(\.count).makeAsyncIterator()
        store = nil
        #expect(weakStore.object == nil)
        #expect(try await withDeadline("the buffered count") { await counts.next() } == 0)
        #expect(try await withDeadline("the end of the counts") { await counts.next() } == nil)
    }

    @Test func theSequenceDoesNotKeepTheStoreAlive() {
        var store: Store<ScoreState>? = makeStore()
        let weakStore = WeakReference(store)
        let counts = store!.states(\.count)
        store = nil
        #expect(weakStore.object == nil)
        _ = counts
    }

    @Test func iteratingAGoneStoresSequenceEndsAtOnce() async throws {
        var store: Store<ScoreState>? = makeStore()
        let counts = store!.states(\.count)
        store = nil
        var iterator = counts.makeAsyncIterator()
        #expect(try await withDeadline("the end of the counts") { await iterator.next() } == nil)
    }

    @Test func cancellingTheConsumingTaskEndsIterationAndSubscription() async throws {
        let store = makeStore()
        let selections = Locked(0)
        let firstValue = OneShotSignal()
        let consumer = Task {
            var received = 0
            for await _ in store.states({ state -> Int in
                selections.withLock { $0 += 1 }
                return state.count
            }) {
                received += 1
                firstValue.fire()
            }
            return received
        }
        await firstValue.wait(for: "the first value")
        consumer.cancel()
        let received = try await consumer.value(waitingFor: "the cancelled consumer to end")
        #expect(received >= 1)
        let before = selections.current
        store.dispatch(ScoreAction.increment)
        #expect(selections.current == before)
    }

    @Test func leavingTheLoopEndsTheSubscription() async throws {
        let store = makeStore()
        let selections = Locked(0)
        try await withDeadline("the first count") {
            for await count in store.states({ state -> Int in
                selections.withLock { $0 += 1 }
                return state.count
            }) {
                #expect(count == 0)
                break
            }
        }
        let before = selections.current
        store.dispatch(ScoreAction.increment)
        #expect(selections.current == before)
    }

    @Test func aSequenceCanBeHandedToAnotherTask() async throws {
        let store = makeStore()
        let counts = store.states(\.count)
        let first = Task { () -> Int? in
            for await count in counts { return count }
            return nil
        }
        #expect(try await first.value(waitingFor: "the other task's first count") == 0)
    }

    @Test func anEndedIterationReleasesWhatItsSelectorCaptured() async throws {
        final class Marker: Sendable {}
        let store = makeStore()
        weak var weakMarker: Marker?
        do {
            let marker = Marker()
            weakMarker = marker
            try await withDeadline("the first count") {
                for await count in store.states({ state -> Int in
                    _ = marker
                    return state.count
                }) {
                    #expect(count == 0)
                    break
                }
            }
        }
        #expect(weakMarker == nil)
        store.dispatch(ScoreAction.increment)
    }

    @Test func aFinishedIterationLeavesNothingBehindWhenTheStoreIsGone() async throws {
        final class Marker: Sendable {}
        var store: Store<ScoreState>? = makeStore()
        weak var weakMarker: Marker?
        var iterator: StoreStates<Int>.Iterator?
        do {
            let marker = Marker()
            weakMarker = marker
            iterator = store!.states({ state -> Int in
                _ = marker
                return state.count
            }).makeAsyncIterator()
        }
        store = nil
        #expect(try await withDeadline("the buffered count") { await iterator?.next() } == 0)
        #expect(try await withDeadline("the end of the counts") { await iterator?.next() } == nil)
        #expect(weakMarker == nil)
    }

    @Test func eachIterationHasItsOwnSubscription() async throws {
        let store = makeStore()
        let counts = store.states(\.count, bufferingPolicy: .unbounded)
        var first = counts.makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        var second = counts.makeAsyncIterator()
        #expect(try await withDeadline("the first iteration's first count") { await first.next() } == 0)
        #expect(try await withDeadline("the first iteration's second count") { await first.next() } == 1)
        #expect(try await withDeadline("the second iteration's first count") { await second.next() } == 1)
    }
}
