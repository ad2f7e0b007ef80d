import ReSwift
import Testing

/// How the steps of a subscription (selects, skips, custom operators) combine once the store
/// turns them into a subscriber.
@Suite struct SubscriptionStepsTests {
    /// A custom operator written as ReSwift's documentation shows: it sets `observer` on the
    /// subscription it derives from.
    static func labelled<State>(_ subscription: Subscription<State>) -> Subscription<String> {
        Subscription<String> { sink in
            subscription.observer = { old, new in
                sink(old.map { "\($0)" }, "\(new)")
            }
        }
    }

    @Test func customOperatorAfterSelectReceivesTheSelection() {
        let store = Store(reducer: countReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<String>()
        store.subscribe(recorder) { Self.labelled($0.select(\.count)) }
        store.dispatch(Increment())
        store.dispatch(SetName(name: "x"))
        #expect(recorder.values == ["0", "1", "1"])
    }

    @Test func selectAfterACustomOperatorSkipsRepeatsOfItsSelection() {
        let store = Store(reducer: countReducer, state: nil)
        let recorder = Recorder<Int>()
        // The Equatable select after the custom operator gets the automatic skipRepeats: the
        // label's length changes only with the name.
        store.subscribe(recorder) { Self.labelled($0).select { $0.count } }
        store.dispatch(Increment())
        store.dispatch(SetName(name: "x"))
        store.dispatch(Increment())
        let initial = "\(CountState())".count
        #expect(recorder.values == [initial, initial - 6])
    }

    @Test func customOperatorSubscriberIsDroppedWhenItGoesAway() {
        let store = Store(reducer: countReducer, state: nil, automaticallySkipsRepeats: false)
        var delivered = 0
        do {
            let recorder = Recorder<String>()
            recorder.onNewState = { _ in delivered += 1 }
            store.subscribe(recorder) { Self.labelled($0.select(\.count)) }
            store.dispatch(Increment())
        }
        store.dispatch(Increment())
        #expect(delivered == 2)
    }

    @Test func skipsAfterAnEquatableSelectCombine() {
        let store = Store(reducer: countReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<Int>()
        // Drops repeats and odd counts; the previous value is the last selection either way.
        store.subscribe(recorder) {
            $0.select(\.count).skipRepeats().skip(when: { _, new in new % 2 == 1 })
        }
        store.dispatch(Increment())  // 1: odd
        store.dispatch(SetName(name: "x"))  // 1 again: a repeat
        store.dispatch(Increment())  // 2
        store.dispatch(SetName(name: "y"))  // 2 again: a repeat
        #expect(recorder.values == [0, 2])
    }

    @Test func consecutiveSkipsOnTheWholeStateCompareWithThePreviousState() {
        let store = Store(reducer: countReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<CountState>()
        store.subscribe(recorder) {
            $0.skip(when: { old, new in old.count == new.count }).skip(when: { _, new in new.name == "hidden"
            })
        }
        store.dispatch(SetName(name: "hidden"))  // same count
        store.dispatch(Increment())  // count changes, but the name is hidden
        store.dispatch(SetName(name: "shown"))  // same count
        store.dispatch(Increment())
        #expect(recorder.values.map(\.count) == [0, 2])
    }

    @Test func closureSubscriptionsUseTheSameSteps() {
        let store = Store(reducer: countReducer, state: nil)
        var received: [Int] = []
        let token = store.subscribe(transform: { $0.select(\.count) }) { received.append($0) }
        store.dispatch(SetName(name: "x"))
        store.dispatch(Increment())
        token.cancel()
        store.dispatch(Increment())
        #expect(received == [0, 1])
    }
}

@Suite struct DispatchChainTests {
    @Test func middlewareReplacedDuringADispatchTakesEffectForTheNextOne() {
        var seen: [String] = []
        let store = Store(reducer: countReducer, state: nil)
        let second: Middleware<CountState> = { _, _ in
            { next in
                { action in
                    seen.append("second \(type(of: action))")
                    next(action)
                }
            }
        }
        let first: Middleware<CountState> = { [weak store] _, _ in
            { next in
                { action in
                    seen.append("first \(type(of: action))")
                    // Replaces the chain that is running now: it must finish.
                    store?.middleware = [second]
                    next(action)
                }
            }
        }
        store.middleware = [first]
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen == ["first Increment", "second Increment"])
        #expect(store.state.count == 2)
    }

    @Test func aChainKeptAfterTheStoreWentAwayReachesNoSubscriber() {
        var dispatchFunction: DispatchFunction?
        let recorder = Recorder<CountState>()
        var received: [Int] = []
        var token: SubscriptionToken?
        do {
            let store = Store(reducer: countReducer, state: nil)
            store.subscribe(recorder)
            token = store.subscribe { received.append($0.count) }
            dispatchFunction = store.dispatchFunction
        }
        dispatchFunction?(Increment())
        #expect(recorder.values.map(\.count) == [0])
        #expect(received == [0])
        token?.cancel()
    }

    @Test(.timeLimit(.minutes(3)))
    func aStateWhoseDeinitReadsTheStoreIsReleasedOutsideTheReadLock() {
        final class ReadsOnDeinit {
            var onDeinit: (() -> Void)?
            deinit { onDeinit?() }
        }
        struct Holding {
            var object: ReadsOnDeinit? = ReadsOnDeinit()
        }
        struct Drop: Action {}
        let store = Store<Holding>(
            reducer: { action, state in
                var state = state ?? Holding()
                if action is Drop { state.object = nil }
                return state
            }, state: nil)
        var readInDeinit: Bool?
        store.state.object?.onDeinit = { [weak store] in readInDeinit = store?.state.object == nil }
        store.dispatch(Drop())
        #expect(readInDeinit == true)
    }
}

/// The nodes the open `subscribe(_:)` makes for whole-state subscribers (a non-`Equatable`
/// state, or a store reached through a generic `StoreType`).
@Suite struct WholeStateNodeTests {
    @Test func subscribersAreHeldWeaklyAndDroppedWhenGone() {
        let store = Store(reducer: plainReducer, state: nil)
        let kept = Recorder<PlainState>()
        weak var weakRecorder: Recorder<PlainState>?
        store.subscribe(kept)
        do {
            let recorder = Recorder<PlainState>()
            weakRecorder = recorder
            store.subscribe(recorder)
        }
        #expect(weakRecorder == nil)
        store.dispatch(Increment())
        #expect(kept.values.map(\.count) == [0, 1])
    }

    @Test func equatableStatesReachedGenericallyAreAllDeliveredAsInReSwift61() {
        func attach<S: StoreType>(_ store: S, _ recorder: Recorder<CountState>) where S.State == CountState {
            store.subscribe(recorder)
        }
        let store = Store(reducer: countReducer, state: nil)
        let recorder = Recorder<CountState>()
        attach(store, recorder)
        store.dispatch(Noop())
        store.dispatch(Increment())
        // Through `StoreType`, whose `subscribe(_:)` the store's open, unconstrained method
        // implements: ReSwift 6.1 delivers every state there.
        #expect(recorder.values.map(\.count) == [0, 0, 1])
    }
}
