import ReSwift
import Testing

@Suite struct SelectorCompositionTests {
    @Test func anOuterSelectorRecomputesOnlyWhenItsInnerSelectorHasANewValue() {
        let store = makeItemsStore()
        let matches = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let summary = MemoizedSelector(matches) { $0.joined(separator: ",") }
        #expect(summary(store.state) == "a,b,c")
        store.dispatch(ItemAction.tick)
        #expect(summary(store.state) == "a,b,c")
        #expect(matches.recomputations == 1)
        #expect(summary.recomputations == 1)

        store.dispatch(ItemAction.setQuery("b"))
        #expect(summary(store.state) == "b")
        #expect(matches.recomputations == 2)
        #expect(summary.recomputations == 2)
    }

    @Test func anInnerRecomputationWithAnEqualValueLeavesTheOuterSelectorAlone() {
        let store = makeItemsStore()
        let count = MemoizedSelector(\ItemsState.items) { $0.count }
        let label = MemoizedSelector(count) { "\($0) items" }
        #expect(label(store.state) == "3 items")
        store.dispatch(ItemAction.toggle(1))  // items changed, their count didn't
        #expect(label(store.state) == "3 items")
        #expect(count.recomputations == 2)
        #expect(label.recomputations == 1)
    }

    @Test func anInnerValueThatIsNotEquatableIsNewWheneverItIsRecomputed() {
        struct Names { var all: [String] }  // not Equatable
        let store = makeItemsStore()
        let names = MemoizedSelector(\ItemsState.items) { Names(all: $0.map(\.name)) }
        let first = MemoizedSelector(names) { $0.all.first ?? "" }
        #expect(first(store.state) == "b")
        store.dispatch(ItemAction.tick)
        _ = first(store.state)
        #expect(first.recomputations == 1)
        store.dispatch(ItemAction.toggle(2))
        #expect(first(store.state) == "b")
        #expect(first.recomputations == 2)
    }

    @Test func selectorsAndStateInputsMix() {
        let store = makeItemsStore()
        let open = MemoizedSelector(\ItemsState.items) { $0.filter { !$0.isDone }.map(\.name) }
        let matching = MemoizedSelector(open, SelectorInput(\ItemsState.query)) { names, query in
            names.filter { query.isEmpty || $0.contains(query) }
        }
        let counted = MemoizedSelector(matching, open, SelectorInput(\ItemsState.clock)) {
            matching, open, clock in
            "\(matching.count)/\(open.count) at \(clock)"
        }
        #expect(counted(store.state) == "3/3 at 0")
        store.dispatch(ItemAction.setQuery("a"))
        #expect(counted(store.state) == "1/3 at 0")
        #expect(open.recomputations == 1)
        store.dispatch(ItemAction.toggle(0))
        #expect(counted(store.state) == "1/2 at 0")
        store.dispatch(ItemAction.tick)
        #expect(counted(store.state) == "1/2 at 1")
        #expect(open.recomputations == 2)
        #expect(matching.recomputations == 3)
        #expect(counted.recomputations == 4)
    }

    @Test func subscribersOfAnOuterSelectorSeeItsChangesOnly() {
        let store = makeItemsStore()
        let matches = MemoizedSelector(\ItemsState.items, \.query, openMatches)
        let count = MemoizedSelector(matches) { $0.count }
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(count) }
        store.dispatch(ItemAction.setQuery("a"))
        store.dispatch(ItemAction.setQuery("b"))  // still one match
        store.dispatch(ItemAction.setQuery(""))
        #expect(recorder.values == [3, 1, 3])
        #expect(count.recomputations == 4)
    }
}
