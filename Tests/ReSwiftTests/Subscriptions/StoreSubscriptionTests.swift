@_spi(ReSwiftInternal) import ReSwift
import Testing

@Suite struct StoreSubscriptionTests {
    @Test func subscribingDeliversTheCurrentStateAtOnce() {
        let store = Store(reducer: countReducer, state: CountState(count: 5))
        let recorder = Recorder<CountState>()
        store.subscribe(recorder)
        #expect(recorder.values.map(\.count) == [5])
    }

    @Test func subscribersReceiveEachNewState() {
        let store = Store(reducer: plainReducer, state: nil)
        let recorder = Recorder<PlainState>()
        store.subscribe(recorder)
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(recorder.values.map(\.count) == [0, 1, 2])
    }

    @Test func equatableStateSkipsRepeatsAutomatically() {
        let store = Store(reducer: countReducer, state: nil)
        let recorder = Recorder<CountState>()
        store.subscribe(recorder)
        store.dispatch(Noop())
        store.dispatch(Increment())
        store.dispatch(Noop())
        #expect(recorder.values.map(\.count) == [0, 1])
    }

    @Test func objectSubscribersOfOneStateShareOneComparison() {
        let comparisons = Locked(0)
        let store = Store(reducer: countingReducer, state: CountingState(count: 0, comparisons: comparisons))
        let recorders = (0..<10).map { _ in Recorder<CountingState>() }
        for recorder in recorders { store.subscribe(recorder) }
        store.dispatch(Increment())
        // Ten subscribers skip repeats with the same `==`: the state is compared once.
        #expect(comparisons.current == 1)
        store.dispatch(Noop())
        #expect(comparisons.current == 2)
        #expect(recorders.allSatisfy { $0.values.map(\.count) == [0, 1] })
    }

    @Test func subscribersMadeInGenericCodeGetEveryStateAndTheOthersShareOneComparison() {
        let comparisons = Locked(0)
        let store = Store(reducer: countingReducer, state: CountingState(count: 0, comparisons: comparisons))
        // Subscribed where `State` isn't known to be `Equatable` (the open `subscribe(_:)`): every
        // state, as in ReSwift 6.1. Where it is known: repeats skipped, one comparison per state.
        let generic = (0..<5).map { _ in Recorder<CountingState>() }
        for recorder in generic { subscribeWithoutKnowingTheStateType(store, recorder) }
        let known = (0..<5).map { _ in Recorder<CountingState>() }
        for recorder in known { store.subscribe(recorder) }
        let closureValues = Locked<[Int]>([])
        let token = store.subscribe { state in closureValues.withLock { $0.append(state.count) } }
        store.dispatch(Noop())
        store.dispatch(Increment())
        #expect(comparisons.current == 2)
        #expect(generic.allSatisfy { $0.values.map(\.count) == [0, 0, 1] })
        #expect(known.allSatisfy { $0.values.map(\.count) == [0, 1] })
        #expect(closureValues.current == [0, 1])
        token.cancel()
    }

    @Test func repeatsAreDeliveredWhenAutomaticSkippingIsOff() {
        let store = Store(reducer: countReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<CountState>()
        store.subscribe(recorder)
        store.dispatch(Noop())
        store.dispatch(Increment())
        #expect(recorder.values.map(\.count) == [0, 0, 1])
    }

    @Test func subscribingTwiceReplacesTheSubscription() {
        let store = Store(reducer: countReducer, state: CountState())
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(\.count) }
        store.subscribe(recorder) { $0.select { $0.count * 10 } }
        store.dispatch(Increment())
        #expect(recorder.values == [0, 0, 10])
    }

    @Test func unsubscribedObjectsReceiveNothing() {
        let store = Store(reducer: countReducer, state: CountState())
        let recorder = Recorder<CountState>()
        store.subscribe(recorder)
        store.unsubscribe(recorder)
        store.dispatch(Increment())
        #expect(recorder.values.count == 1)
        store.unsubscribe(recorder)  // a second time does nothing
    }

    @Test func subscribersAreNotifiedInSubscriptionOrder() {
        let store = Store(reducer: countReducer, state: CountState())
        var order: [Int] = []
        let recorders = (0..<50).map { index -> Recorder<CountState> in
            let recorder = Recorder<CountState>()
            recorder.onNewState = { _ in order.append(index) }
            return recorder
        }
        for recorder in recorders { store.subscribe(recorder) }
        // Remove and re-add some to exercise compaction and replacement.
        for index in stride(from: 0, to: 50, by: 3) { store.unsubscribe(recorders[index]) }
        order.removeAll()
        store.dispatch(Increment())
        #expect(order == (0..<50).filter { $0 % 3 != 0 })
    }

    @Test func subscribersAreHeldWeaklyAndDroppedWhenGone() {
        let store = Store(reducer: countReducer, state: CountState())
        weak var weakRecorder: Recorder<CountState>?
        do {
            let recorder = Recorder<CountState>()
            weakRecorder = recorder
            store.subscribe(recorder)
            store.subscribe(Recorder<Int>()) { $0.select(\.count) }
        }
        #expect(weakRecorder == nil)
        store.dispatch(Increment())  // drops both without crashing
        #expect(store.state.count == 1)
    }

    @Test func selectionIsComputedOncePerState() {
        let store = Store(reducer: countReducer, state: CountState())
        var selections = 0
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { subscription in
            subscription.select { state -> Int in
                selections += 1
                return state.count
            }
        }
        store.dispatch(Increment())
        store.dispatch(SetName(name: "b"))
        #expect(selections == 3)
        #expect(recorder.values == [0, 1])
    }

    @Test func nilTransformDeliversTheWholeState() {
        let store = Store(reducer: plainReducer, state: PlainState())
        let recorder = Recorder<PlainState>()
        store.subscribe(recorder, transform: nil)
        store.dispatch(Increment())
        #expect(recorder.values.map(\.count) == [0, 1])
    }

    @Test func subscribingFromNewStateDeliversTheCurrentStateOnce() {
        let store = Store(reducer: countReducer, state: CountState())
        let late = Recorder<CountState>()
        let first = Recorder<CountState>()
        first.onNewState = { state in
            if state.count == 1 { store.subscribe(late) }
        }
        store.subscribe(first)
        store.dispatch(Increment())
        #expect(late.values.map(\.count) == [1])
        store.dispatch(Increment())
        #expect(late.values.map(\.count) == [1, 2])
    }

    @Test func unsubscribingFromNewStateStopsLaterSubscribersAtOnce() {
        let store = Store(reducer: countReducer, state: CountState())
        let second = Recorder<CountState>()
        let first = Recorder<CountState>()
        first.onNewState = { state in
            if state.count == 1 { store.unsubscribe(second) }
        }
        store.subscribe(first)
        store.subscribe(second)
        store.dispatch(Increment())
        #expect(second.values.map(\.count) == [0])
    }
}

@Suite struct AutomaticSkippingSettingTests {
    @Test func turningAutomaticSkippingOffAffectsLaterSubscriptions() {
        let store = Store(reducer: countReducer, state: nil)
        let skipping = Recorder<Int>()
        let notSkipping = Recorder<Int>()
        store.subscribe(skipping) { $0.select(\.count) }
        store.subscriptionsAutomaticallySkipRepeats = false
        #expect(!store.subscriptionsAutomaticallySkipRepeats)
        store.subscribe(notSkipping) { $0.select(\.count) }
        store.dispatch(Noop())
        #expect(skipping.values == [0])
        #expect(notSkipping.values == [0, 0])
    }
}

/// A state whose `==` counts how often it runs.
private struct CountingState: Equatable {
    var count: Int
    let comparisons: Locked<Int>

    static func == (lhs: CountingState, rhs: CountingState) -> Bool {
        lhs.comparisons.withLock { $0 += 1 }
        return lhs.count == rhs.count
    }
}

private func countingReducer(action: Action, state: CountingState?) -> CountingState {
    guard var state else { preconditionFailure("The counting store starts with a state") }
    if action is Increment { state.count += 1 }
    return state
}

/// Subscribes through the open `subscribe(_:)`, as generic code that doesn't know the state is
/// `Equatable` does.
private func subscribeWithoutKnowingTheStateType<S: StoreSubscriber>(
    _ store: Store<S.StoreSubscriberStateType>, _ subscriber: S
) {
    store.subscribe(subscriber)
}
