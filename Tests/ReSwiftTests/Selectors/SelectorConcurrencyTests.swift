import Dispatch
@_spi(ReSwiftInternal) import ReSwift
import Testing

/// Run again under ThreadSanitizer by `.ci/run` (its filter matches "Concurrency").
@Suite struct SelectorConcurrencyTests {
    /// Only the store reads the selector here: a thread reading it with a state older than the
    /// one it cached would recompute (it keeps one value), which the next test covers.
    @Test func dispatchesFromManyThreadsRecomputeOncePerChange() {
        let store = makeItemsStore()
        let doubled = MemoizedSelector(\ItemsState.clock) { $0 * 2 }
        let subscriberCount = 50
        // Per subscriber: how many values it received, and whether one came out of order.
        let received = Locked(
            [(count: Int, last: Int, outOfOrder: Bool)](
                repeating: (0, -1, false), count: subscriberCount))
        let tokens = (0..<subscriberCount).map { index in
            store.subscribe(transform: { $0.select(doubled) }) { value in
                received.withLock {
                    if value <= $0[index].last { $0[index].outOfOrder = true }
                    $0[index].last = value
                    $0[index].count += 1
                }
            }
        }
        let threads = 8
        let perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for iteration in 0..<perThread {
                if thread % 2 == 0 {
                    store.dispatch(ItemAction.tick)
                } else {
                    // Changes nothing the selector reads.
                    store.dispatch(ItemAction.setQuery("\(thread)-\(iteration)"))
                }
                _ = store.state.clock
            }
        }
        let ticks = threads / 2 * perThread
        #expect(store.state.clock == ticks)
        #expect(doubled.recomputations == ticks + 1)
        for entry in received.current {
            #expect(entry.count == ticks + 1)
            #expect(entry.last == ticks * 2)
            #expect(!entry.outOfOrder)
        }
        for token in tokens { token.cancel() }
    }

    @Test func readersOfDifferentStatesOnManyThreadsEachGetTheirOwnValue() {
        let states = (0..<4).map { variant -> ItemsState in
            var state = ItemsState()
            state.items = (0..<(20 + variant)).map {
                Item(id: $0, name: "item \($0)", isDone: $0 % (variant + 2) == 0)
            }
            state.query = variant % 2 == 0 ? "" : "1"
            return state
        }
        let expected = states.map { openMatches($0.items, $0.query) }
        let matches = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let count = MemoizedSelector(matches) { $0.count }
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for iteration in 0..<2_000 {
                let variant = (thread + iteration) % states.count
                let value = matches(states[variant])
                let counted = count(states[variant])
                if value != expected[variant] || counted != expected[variant].count {
                    wrong.withLock { $0 += 1 }
                }
            }
        }
        #expect(wrong.current == 0)
        #expect(matches.recomputations >= states.count)
    }

    @Test func storesOnManyThreadsSharingASelectorEachDeliverTheirOwnValues() {
        // Each thread has its own store; all of them share one selector, so the cache flips
        // between the stores' states and the state boxes' serial numbers must never mix them.
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let threads = 6
        let stores = (0..<threads).map { thread in
            makeItemsStore(names: (0..<(thread * 10)).map { "item \($0)" })
        }
        let received = Locked([[Int]](repeating: [], count: threads))
        let tokens = stores.enumerated().map { thread, store in
            (0..<5).map { _ in
                store.subscribe(transform: { $0.select(count) }) { value in
                    received.withLock { $0[thread].append(value) }
                }
            }
        }
        let adds = 300
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<adds {
                stores[thread].dispatch(ItemAction.add("added \(index)"))
                stores[thread].dispatch(ItemAction.tick)
            }
        }
        for thread in 0..<threads {
            // Five subscribers, each told the starting count and then each new count once, in
            // order: never another store's count, never a count twice.
            let start = thread * 10
            let perSubscriber = Array(start...(start + adds))
            let values = received.current[thread]
            #expect(values.count == perSubscriber.count * 5)
            #expect(values.sorted() == perSubscriber.flatMap { Array(repeating: $0, count: 5) })
        }
        for token in tokens.joined() { token.cancel() }
    }

    @Test func parameterizedSelectorsFromManyThreads() {
        let state = makeItemsStore(names: (0..<30).map { "name \($0)" }).state!
        let matching = ParameterizedSelector(capacity: 4) { (query: String) in
            MemoizedSelector(\ItemsState.items) { openMatches($0, query) }
        }
        let wrong = Locked(0)
        let overfull = Locked(false)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for iteration in 0..<1_000 {
                let query = "\((thread * 7 + iteration) % 10)"
                if matching(query, state) != openMatches(state.items, query) {
                    wrong.withLock { $0 += 1 }
                }
                if matching.count > 4 { overfull.withLock { $0 = true } }
            }
        }
        #expect(wrong.current == 0)
        #expect(!overfull.current)
    }
}
