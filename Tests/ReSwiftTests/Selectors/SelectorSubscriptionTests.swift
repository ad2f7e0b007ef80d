@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

#if canImport(Observation)
    import Observation
#endif

@Suite(.timeLimit(.minutes(3))) struct SelectorSubscriptionTests {
    static let subscriberCount = 1000

    @Test func objectSubscribersShareOneComputationPerChange() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let recorders = (0..<Self.subscriberCount).map { _ in Recorder<[String]>() }
        for recorder in recorders {
            store.subscribe(recorder) { $0.select(selector) }
        }
        #expect(selector.recomputations == 1)
        #expect(recorders.allSatisfy { $0.values == [["a", "b", "c"]] })

        store.dispatch(ItemAction.tick)
        #expect(selector.recomputations == 1)
        #expect(recorders.allSatisfy { $0.values.count == 1 })

        store.dispatch(ItemAction.toggle(0))
        #expect(selector.recomputations == 2)
        #expect(recorders.allSatisfy { $0.values == [["a", "b", "c"], ["a", "c"]] })
    }

    @Test func closureSubscriptionsShareOneComputationPerChange() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let received = Locked([Int](repeating: 0, count: Self.subscriberCount))
        let tokens = (0..<Self.subscriberCount).map { index in
            store.subscribe(transform: { $0.select(selector) }) { _ in received.withLock { $0[index] += 1 } }
        }
        store.dispatch(ItemAction.tick)
        store.dispatch(ItemAction.setQuery("a"))
        store.dispatch(ItemAction.tick)
        #expect(selector.recomputations == 2)
        #expect(received.current.allSatisfy { $0 == 2 })
        for token in tokens { token.cancel() }
    }

    @Test func subscribingAClosureToASelectorDeliversTheCurrentThenEachNewValue() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let received = Locked<[[String]]>([])
        let token = store.subscribe(selector) { names in received.withLock { $0.append(names) } }
        store.dispatch(ItemAction.tick)
        store.dispatch(ItemAction.setQuery("b"))
        store.dispatch(ItemAction.add("b2"))
        store.dispatch(ItemAction.setQuery("b"))
        token.cancel()
        store.dispatch(ItemAction.setQuery(""))
        #expect(received.current == [["a", "b", "c"], ["b"], ["b", "b2"]])
        #expect(selector.recomputations == 3)
    }

    @Test func onlyNewValuesAreDeliveredEvenWithoutAutomaticSkipping() {
        let store = makeItemsStore(automaticallySkipsRepeats: false)
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(count) }
        store.dispatch(ItemAction.tick)  // no input changed
        store.dispatch(ItemAction.toggle(0))  // recomputed, equal value
        #expect(count.recomputations == 2)
        #expect(recorder.values == [3])
        store.dispatch(ItemAction.add("d"))
        #expect(recorder.values == [3, 4])
    }

    @Test func valuesThatAreNotEquatableAreDeliveredWhenRecomputed() {
        struct Names { var all: [String] }  // not Equatable
        let store = makeItemsStore()
        let names = MemoizedSelector(\ItemsState.items) { Names(all: $0.map(\.name)) }
        let recorder = Recorder<Names>()
        store.subscribe(recorder) { $0.select(names) }
        store.dispatch(ItemAction.tick)
        #expect(recorder.values.count == 1)
        store.dispatch(ItemAction.add("d"))
        #expect(recorder.values.map(\.all) == [["b", "a", "c"], ["b", "a", "c", "d"]])
    }

    @Test func laterOperatorsReceiveThePreviouslyDeliveredValue() {
        let store = makeItemsStore()
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let pairs = Locked<[String]>([])
        let token = store.subscribe(
            transform: {
                $0.select(count).only { old, new in
                    pairs.withLock { $0.append("\(old)→\(new)") }
                    return true
                }
            }
        ) { _ in }
        store.dispatch(ItemAction.add("d"))
        store.dispatch(ItemAction.tick)
        store.dispatch(ItemAction.add("e"))
        #expect(pairs.current == ["3→4", "4→5"])
        token.cancel()
    }

    @Test func subscribersOfOneStateReadTheInputsOnce() {
        let store = makeItemsStore()
        let reads = Locked(0)
        let items = SelectorInput<ItemsState, [Item]>(
            { state in
                reads.withLock { $0 += 1 }
                return state.items
            }, isEqual: { $0 == $1 })
        let count = MemoizedSelector(items) { $0.count }
        let recorders = (0..<10).map { _ in Recorder<Int>() }
        for recorder in recorders {
            store.subscribe(recorder) { $0.select(count) }
        }
        let readsWhenSubscribed = reads.current
        store.dispatch(ItemAction.tick)
        // One state, one box: the first subscriber reads the inputs, the other nine don't.
        #expect(reads.current == readsWhenSubscribed + 1)
        store.dispatch(ItemAction.add("d"))
        #expect(reads.current == readsWhenSubscribed + 2)
        #expect(recorders.allSatisfy { $0.values == [3, 4] })
        // Read outside a subscription (no box), the inputs are read again.
        #expect(count(store.state) == 4)
        #expect(reads.current == readsWhenSubscribed + 3)
    }

    @Test func twoStoresSharingASelectorEachGetTheirOwnValues() {
        let small = makeItemsStore(names: ["a"])
        let large = makeItemsStore(names: ["a", "b", "c", "d"])
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let smallCounts = Recorder<Int>()
        let largeCounts = Recorder<Int>()
        small.subscribe(smallCounts) { $0.select(count) }
        large.subscribe(largeCounts) { $0.select(count) }
        for round in 0..<50 {
            // Alternating stores: a cached value read from one store's box never answers for
            // the other's, even when a box's memory is reused for the other store's next state.
            small.dispatch(ItemAction.add("s\(round)"))
            large.dispatch(ItemAction.tick)
            large.dispatch(ItemAction.add("l\(round)"))
            small.dispatch(ItemAction.tick)
        }
        #expect(smallCounts.values == Array(1...51))
        #expect(largeCounts.values == Array(4...54))
    }

    @Test func twoStoresSharingASelectorKeepTheirOwnValuesPastManyBlocksOfVersions() {
        // A store numbers its states from blocks of 4,096 versions; 10,000 states each take
        // both stores through several blocks, taken alternately.
        let first = makeItemsStore(names: ["a"])
        let second = makeItemsStore(names: ["a", "b"])
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let firstCounts = Recorder<Int>()
        let secondCounts = Recorder<Int>()
        first.subscribe(firstCounts) { $0.select(count) }
        second.subscribe(secondCounts) { $0.select(count) }
        for round in 1...10_000 {
            first.dispatch(round % 1_000 == 0 ? ItemAction.add("f\(round)") : ItemAction.tick)
            second.dispatch(round % 2_500 == 0 ? ItemAction.add("s\(round)") : ItemAction.tick)
        }
        #expect(firstCounts.values == Array(1...11))
        #expect(secondCounts.values == Array(2...6))
    }

    @Test func aSkipAfterASelectorSeesThePreviousAndNewValues() {
        let store = makeItemsStore()
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let received = Locked<[Int]>([])
        // Skips odd counts: 3 is delivered first (no previous value), 4 passes, 5 is skipped.
        let token = store.subscribe(transform: { $0.select(count).skip { _, new in new % 2 == 1 } }) {
            value in
            received.withLock { $0.append(value) }
        }
        store.dispatch(ItemAction.add("d"))
        store.dispatch(ItemAction.add("e"))
        store.dispatch(ItemAction.add("f"))
        #expect(received.current == [3, 4, 6])
        token.cancel()
    }

    @Test func aSubscriberThatWentAwayIsDropped() {
        let store = makeItemsStore()
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        weak var gone: Recorder<Int>?
        do {
            let recorder = Recorder<Int>()
            gone = recorder
            store.subscribe(recorder) { $0.select(count) }
        }
        store.dispatch(ItemAction.add("d"))
        #expect(gone == nil)
        #expect(count(store.state) == 4)
    }

    @Test(.timeLimit(.minutes(3))) func stateSequencesProduceOnlyNewValues() async throws {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        var values = store.states(selector, bufferingPolicy: .unbounded).makeAsyncIterator()
        store.dispatch(ItemAction.tick)
        store.dispatch(ItemAction.setQuery("c"))
        store.dispatch(ItemAction.tick)
        store.dispatch(ItemAction.toggle(2))
        #expect(try await withDeadline("the first matches") { await values.next() } == ["a", "b", "c"])
        #expect(try await withDeadline("the matches of \"c\"") { await values.next() } == ["c"])
        #expect(try await withDeadline("the matches after the toggle") { await values.next() } == [])
        #expect(selector.recomputations == 3)
    }

    #if canImport(Observation)
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func observedSlicesFollowTheSelectorAndAreToldOnlyOfChanges() {
            let store = makeItemsStore()
            let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
            let slice = store.observe(selector)
            #expect(slice.value == ["a", "b", "c"])
            let changes = Locked(0)
            withObservationTracking {
                _ = slice.value
            } onChange: {
                changes.withLock { $0 += 1 }
            }
            store.dispatch(ItemAction.tick)
            #expect(changes.current == 0)
            store.dispatch(ItemAction.setQuery("b"))
            #expect(changes.current == 1)
            #expect(slice.value == ["b"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func observingAValueThatIsNotEquatableUsesTheGivenComparison() {
            struct Count { var value: Int }  // not Equatable
            let store = makeItemsStore()
            let selector = MemoizedSelector(\ItemsState.items) { Count(value: $0.count) }
            let slice = store.observe(selector, isRepeat: { $0.value == $1.value })
            let changes = Locked(0)
            withObservationTracking {
                _ = slice.value
            } onChange: {
                changes.withLock { $0 += 1 }
            }
            store.dispatch(ItemAction.toggle(0))
            #expect(changes.current == 0)
            store.dispatch(ItemAction.add("d"))
            #expect(changes.current == 1)
            #expect(slice.value.value == 4)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func subscriptionsSequencesAndSlicesShareOneComputation() {
            let store = makeItemsStore()
            let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
            let recorder = Recorder<[String]>()
            store.subscribe(recorder) { $0.select(selector) }
            let slice = store.observe(selector)
            let iterator = store.states(selector).makeAsyncIterator()
            let token = store.subscribe(transform: { $0.select(selector) }) { _ in }
            withExtendedLifetime(iterator) {
                store.dispatch(ItemAction.setQuery("a"))
            }
            #expect(selector.recomputations == 2)
            #expect(slice.value == ["a"])
            #expect(recorder.values.last == ["a"])
            token.cancel()
        }
    #endif
}
