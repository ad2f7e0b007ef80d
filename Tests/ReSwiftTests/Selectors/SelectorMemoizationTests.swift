@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@Suite struct SelectorMemoizationTests {
    @Test func computesOnFirstReadAndCachesForEqualInputs() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        #expect(selector.recomputations == 0)
        #expect(selector(store.state) == ["a", "b", "c"])
        #expect(selector.recomputations == 1)

        store.dispatch(ItemAction.tick)  // a field no input reads
        #expect(selector(store.state) == ["a", "b", "c"])
        #expect(selector(store.state) == ["a", "b", "c"])
        #expect(selector.recomputations == 1)
    }

    /// Counts the calls of the computation itself, not the selector's own `recomputations`: a
    /// selector that computes on every read and counted only some of them would pass the others.
    @Test func theComputationRunsOncePerChangeOfItsInputsHoweverOftenItIsRead() {
        let store = makeItemsStore()
        let calls = Locked(0)
        let selector = MemoizedSelector(\ItemsState.items, \.query) { items, query in
            calls.withLock { $0 += 1 }
            return openMatches(items, query)
        }
        let received = Locked(0)
        let tokens = (0..<3).map { _ in
            store.subscribe(transform: { $0.select(selector) }) { _ in received.withLock { $0 += 1 } }
        }
        #expect(calls.current == 1)  // the subscriptions' first value

        for _ in 0..<5 { _ = selector(store.state) }
        store.dispatch(ItemAction.tick)  // a field no input reads
        for _ in 0..<5 { _ = selector(store.state) }
        #expect(calls.current == 1)

        store.dispatch(ItemAction.setQuery("a"))
        for _ in 0..<5 { #expect(selector(store.state) == ["a"]) }
        #expect(calls.current == 2)
        #expect(selector.recomputations == calls.current)
        #expect(received.current == 6)
        for token in tokens { token.cancel() }
    }

    @Test func recomputesWhenAnInputChanges() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        _ = selector(store.state)
        store.dispatch(ItemAction.setQuery("a"))
        #expect(selector(store.state) == ["a"])
        #expect(selector.recomputations == 2)
        store.dispatch(ItemAction.toggle(1))
        #expect(selector(store.state) == [])
        #expect(selector.recomputations == 3)
    }

    @Test func equatableInputsAreComparedByValueNotStorage() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(\ItemsState.items) { $0.count }
        _ = selector(store.state)
        store.dispatch(ItemAction.copyItems)  // equal items in new storage
        _ = selector(store.state)
        #expect(selector.recomputations == 1)
    }

    @Test func identityInputsRecomputeForANewObjectOnly() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(SelectorInput(identity: \ItemsState.palette)) { $0.name.uppercased() }
        #expect(selector(store.state) == "LIGHT")
        store.dispatch(ItemAction.tick)
        _ = selector(store.state)
        #expect(selector.recomputations == 1)
        store.dispatch(ItemAction.setPalette(Palette(name: "light")))  // same name, new object
        #expect(selector(store.state) == "LIGHT")
        #expect(selector.recomputations == 2)
    }

    @Test func explicitComparisonsDecideWhatCountsAsAChange() {
        let store = makeItemsStore()
        // Only the number of items matters to this selector.
        let selector = MemoizedSelector(
            SelectorInput(\ItemsState.items, isEqual: { $0.count == $1.count })
        ) { items in items.map(\.name).joined() }
        #expect(selector(store.state) == "bac")
        store.dispatch(ItemAction.toggle(0))
        #expect(selector(store.state) == "bac")
        #expect(selector.recomputations == 1)
        store.dispatch(ItemAction.add("d"))
        #expect(selector(store.state) == "bacd")
        #expect(selector.recomputations == 2)
    }

    @Test func closureInputsAreComparedWithEquality() {
        let store = makeItemsStore()
        let selector = MemoizedSelector(SelectorInput { (state: ItemsState) in state.items.count }) {
            $0 * 10
        }
        #expect(selector(store.state) == 30)
        store.dispatch(ItemAction.toggle(0))
        #expect(selector(store.state) == 30)
        #expect(selector.recomputations == 1)
        store.dispatch(ItemAction.add("d"))
        #expect(selector(store.state) == 40)
        #expect(selector.recomputations == 2)
    }

    @Test func threeAndFourInputsAreEachCompared() {
        let store = makeItemsStore()
        let three = MemoizedSelector(\ItemsState.items, \.query, \.clock) { items, query, clock in
            "\(items.count) \(query) \(clock)"
        }
        let four = MemoizedSelector(
            SelectorInput(\ItemsState.items), SelectorInput(\ItemsState.query),
            SelectorInput(\ItemsState.clock), SelectorInput(identity: \ItemsState.palette)
        ) { items, query, clock, palette in "\(items.count) \(query) \(clock) \(palette.name)" }
        #expect(three(store.state) == "3  0")
        #expect(four(store.state) == "3  0 light")
        store.dispatch(ItemAction.setPalette(store.state.palette))  // the same object
        _ = three(store.state)
        _ = four(store.state)
        #expect(three.recomputations == 1)
        #expect(four.recomputations == 1)
        store.dispatch(ItemAction.tick)
        #expect(three(store.state) == "3  1")
        #expect(four(store.state) == "3  1 light")
        store.dispatch(ItemAction.setPalette(Palette(name: "dark")))
        #expect(three(store.state) == "3  1")
        #expect(four(store.state) == "3  1 dark")
        #expect(three.recomputations == 2)
        #expect(four.recomputations == 3)
    }

    @Test func aSelectorSharedByTwoStoresFollowsTheStateItIsGiven() {
        let first = makeItemsStore(names: ["x"])
        let second = makeItemsStore(names: ["y", "z"])
        let selector = MemoizedSelector(\ItemsState.items) { $0.map(\.name) }
        #expect(selector(first.state) == ["x"])
        #expect(selector(second.state) == ["y", "z"])
        #expect(selector(first.state) == ["x"])
    }
}
