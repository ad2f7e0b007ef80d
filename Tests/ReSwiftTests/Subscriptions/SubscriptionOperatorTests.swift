import ReSwift
import TestSupport
import Testing

@Suite struct SubscriptionOperatorTests {
    struct Pair: Equatable {
        var left = 0
        var right = 0
    }
    struct SetLeft: Action { let value: Int }
    struct SetRight: Action { let value: Int }

    static func pairReducer(action: Action, state: Pair?) -> Pair {
        var state = state ?? Pair()
        if let action = action as? SetLeft { state.left = action.value }
        if let action = action as? SetRight { state.right = action.value }
        return state
    }

    @Test func selectByKeyPathAndClosure() {
        let store = Store(reducer: Self.pairReducer, state: nil, automaticallySkipsRepeats: false)
        let byKeyPath = Recorder<Int>()
        let byClosure = Recorder<Int>()
        store.subscribe(byKeyPath) { $0.select(\.left) }
        store.subscribe(byClosure) { $0.select { $0.left + $0.right } }
        store.dispatch(SetLeft(value: 2))
        store.dispatch(SetRight(value: 3))
        #expect(byKeyPath.values == [0, 2, 2])
        #expect(byClosure.values == [0, 2, 5])
    }

    @Test func skipRepeatsWithACustomPredicate() {
        let store = Store(reducer: Self.pairReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<Pair>()
        store.subscribe(recorder) { $0.skipRepeats { $0.left == $1.left } }
        store.dispatch(SetRight(value: 1))
        store.dispatch(SetLeft(value: 1))
        #expect(recorder.values == [Pair(), Pair(left: 1, right: 1)])
    }

    @Test func skipWhenAndOnlyWhen() {
        let store = Store(reducer: Self.pairReducer, state: nil, automaticallySkipsRepeats: false)
        let skipping = Recorder<Pair>()
        let only = Recorder<Pair>()
        store.subscribe(skipping) { $0.skip(when: { _, new in new.left > 5 }) }
        store.subscribe(only) { $0.only(when: { _, new in new.left > 5 }) }
        store.dispatch(SetLeft(value: 9))
        store.dispatch(SetLeft(value: 1))
        #expect(skipping.values.map(\.left) == [0, 1])
        #expect(only.values.map(\.left) == [0, 9])
    }

    @Test func selectionComparesWithTheLastDeliveredValue() {
        // After `only(when:)` drops a state, the selection compares with what it last saw.
        let store = Store(reducer: Self.pairReducer, state: nil)
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.only(when: { _, new in new.right == 0 }).select(\.left) }
        store.dispatch(SetLeft(value: 1))
        store.dispatch(SetRight(value: 1))
        store.dispatch(SetLeft(value: 2))
        store.dispatch(SetRight(value: 0))
        #expect(recorder.values == [0, 1, 2])
    }

    @Test func customOperatorsUseObserver() {
        let store = Store(reducer: Self.pairReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<String>()
        store.subscribe(recorder) { subscription in
            Subscription<String> { sink in
                subscription.observer = { old, new in
                    sink(old.map { "\($0.left)" }, "\(new.left)")
                }
            }
        }
        store.dispatch(SetLeft(value: 4))
        #expect(recorder.values == ["0", "4"])
    }
}

@Suite struct FusedSelectionTests {
    struct Many: Equatable {
        var values = [0, 0, 0]
        var label = "a"
    }
    struct Change: Action { let index: Int }
    struct Relabel: Action { let label: String }

    static func reducer(action: Action, state: Many?) -> Many {
        var state = state ?? Many()
        if let change = action as? Change { state.values[change.index] += 1 }
        if let relabel = action as? Relabel { state.label = relabel.label }
        return state
    }

    @Test func eachSubscriberSeesOnlyItsOwnSliceChange() {
        let store = Store(reducer: Self.reducer, state: nil)
        let recorders = (0..<3).map { _ in Recorder<Int>() }
        for (index, recorder) in recorders.enumerated() {
            store.subscribe(recorder) { $0.select { $0.values[index] } }
        }
        store.dispatch(Change(index: 1))
        store.dispatch(Change(index: 1))
        store.dispatch(Relabel(label: "b"))
        store.dispatch(Change(index: 2))
        #expect(recorders[0].values == [0])
        #expect(recorders[1].values == [0, 1, 2])
        #expect(recorders[2].values == [0, 1])
    }

    @Test func customPredicateAfterSelectComparesConsecutiveSelections() {
        let store = Store(reducer: Self.reducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<Int>()
        var comparisons: [String] = []
        store.subscribe(recorder) {
            $0.select { $0.values[0] }
                .skipRepeats { old, new in
                    comparisons.append("\(old)→\(new)")
                    return new % 2 == 1
                }
        }
        for _ in 0..<4 { store.dispatch(Change(index: 0)) }
        #expect(recorder.values == [0, 2, 4])
        #expect(comparisons == ["0→1", "1→2", "2→3", "3→4"])
    }

    @Test func chainedSelectionsSkipRepeatsAtTheEnd() {
        let store = Store(reducer: Self.reducer, state: nil)
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(\.values).select { $0.reduce(0, +) } }
        store.dispatch(Relabel(label: "x"))
        store.dispatch(Change(index: 0))
        store.dispatch(Change(index: 2))
        #expect(recorder.values == [0, 1, 2])
    }

    @Test func selectionsDroppedWithTheirSubscriberAreRemoved() {
        let store = Store(reducer: Self.reducer, state: nil)
        var recorder: Recorder<Int>? = Recorder<Int>()
        let weakRecorder = WeakReference(recorder)
        store.subscribe(recorder!) { $0.select { $0.values[0] } }
        recorder = nil
        #expect(weakRecorder.object == nil)
        store.dispatch(Change(index: 0))  // reaches the end of the chain: the node is dropped
        store.dispatch(Change(index: 0))
        #expect(store.state.values[0] == 2)
    }
}
