import ReSwift
import TestSupport
import Testing

@Suite struct AsyncStatesTests {
    private func makeStore() -> Store<ScoreState> {
        Store(reducer: scoreReducer, state: ScoreState())
    }

    @Test func statesStartWithTheCurrentStateThenFollowEachNewOne() async {
        let store = makeStore()
        var states = store.states(bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.rename("b"))
        #expect(await states.next() == ScoreState(count: 0, name: "counter"))
        #expect(await states.next() == ScoreState(count: 1, name: "counter"))
        #expect(await states.next() == ScoreState(count: 1, name: "b"))
    }

    @Test func newestBufferingSkipsToTheLatestState() async {
        let store = makeStore()
        var counts = store.states(\.count).makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        store.dispatch(ScoreAction.increment)
        #expect(await counts.next() == 3)
    }

    @Test func unboundedBufferingKeepsEveryValue() async {
        let store = makeStore()
        var counts = store.states(\.count, bufferingPolicy: .unbounded).makeAsyncIterator()
        for _ in 0..<5 { store.dispatch(ScoreAction.increment) }
        var seen: [Int] = []
        for _ in 0..<6 { seen.append(await counts.next() ?? -1) }
        #expect(seen == [0, 1, 2, 3, 4, 5])
    }

    @Test func equatableSelectionsSkipRepeats() async {
        let store = makeStore()
        var counts = store.states(\.count, bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.rename("no count change"))
        store.dispatch(ScoreAction.noop)
        store.dispatch(ScoreAction.increment)
        #expect(await counts.next() == 0)
        #expect(await counts.next() == 1)
    }

    @Test func newestBufferingNeverRepeatsTheLastValueDelivered() async {
        var store: Store<ScoreState>? = makeStore()
        var counts = store!.states(\.count).makeAsyncIterator()
        #expect(await counts.next() == 0)
        // 1, then 0 again: the one-value buffer ends up holding 0, the value the consumer
        // already has, which must not be delivered twice.
        store!.dispatch(ScoreAction.increment)
        store!.dispatch(ScoreAction.decrement)
        store = nil
        #expect(await counts.next() == nil)
    }

    @Test func closureSelectionsWork() async {
        let store = makeStore()
        var lengths = store.states({ $0.name.count }, bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ScoreAction.rename("abc"))
        #expect(await lengths.next() == 7)
        #expect(await lengths.next() == 3)
    }

    @Test func nonEquatableSelectionsDeliverEveryState() async {
        struct Opaque: Sendable { var count: Int }
        let store = makeStore()
        var values = store.states({ Opaque(count: $0.count) }, bufferingPolicy: .unbounded)
            .makeAsyncIterator()
        store.dispatch(ScoreAction.noop)
        #expect(await values.next()?.count == 0)
        #expect(await values.next()?.count == 0)
    }

    @Test func iterationEndsWhenTheStoreIsGone() async {
        var store: Store<ScoreState>? = makeStore()
        let weakStore = WeakReference(store)
        var counts = store!.states(\.count).makeAsyncIterator()
        store = nil
        #expect(weakStore.object == nil)
        #expect(await counts.next() == 0)
        #expect(await counts.next() == nil)
    }

    @Test func theSequenceDoesNotKeepTheStoreAlive() {
        var store: Store<ScoreState>? = makeStore()
        let weakStore = WeakReference(store)
        let counts = store!.states(\.count)
        store = nil
        #expect(weakStore.object == nil)
        _ = counts
    }

    @Test func iteratingAGoneStoresSequenceEndsAtOnce() async {
        var store: Store<ScoreState>? = makeStore()
        let counts = store!.states(\.count)
        store = nil
        var iterator = counts.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func cancellingTheConsumingTaskEndsIterationAndSubscription() async {
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
        await firstValue.wait()
        consumer.cancel()
        let received = await consumer.value
        #expect(received >= 1)
        let before = selections.current
        store.dispatch(ScoreAction.increment)
        #expect(selections.current == before)
    }

    @Test func leavingTheLoopEndsTheSubscription() async {
        let store = makeStore()
        let selections = Locked(0)
        for await count in store.states({ state -> Int in
            selections.withLock { $0 += 1 }
            return state.count
        }) {
            #expect(count == 0)
            break
        }
        let before = selections.current
        store.dispatch(ScoreAction.increment)
        #expect(selections.current == before)
    }

    @Test func aSequenceCanBeHandedToAnotherTask() async {
        let store = makeStore()
        let counts = store.states(\.count)
        let first = Task { () -> Int? in
            for await count in counts { return count }
            return nil
        }
        #expect(await first.value == 0)
    }

    @Test func anEndedIterationReleasesWhatItsSelectorCaptured() async {
        final class Marker: Sendable {}
        let store = makeStore()
        weak var weakMarker: Marker?
        do {
            let marker = Marker()
            weakMarker = marker
            for await count in store.states({ state -> Int in
                _ = marker
                return state.count
            }) {
                #expect(count == 0)
                break
            }
        }
        #expect(weakMarker == nil)
        store.dispatch(ScoreAction.increment)
    }

    @Test func aFinishedIterationLeavesNothingBehindWhenTheStoreIsGone() async {
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
        #expect(await iterator?.next() == 0)
        #expect(await iterator?.next() == nil)
        #expect(weakMarker == nil)
    }

    @Test func eachIterationHasItsOwnSubscription() async {
        let store = makeStore()
        let counts = store.states(\.count, bufferingPolicy: .unbounded)
        var first = counts.makeAsyncIterator()
        store.dispatch(ScoreAction.increment)
        var second = counts.makeAsyncIterator()
        #expect(await first.next() == 0)
        #expect(await first.next() == 1)
        #expect(await second.next() == 1)
    }
}
