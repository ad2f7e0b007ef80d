import ReSwift
import Testing

@Suite struct ClosureSubscriptionTests {
    @Test func closureReceivesCurrentAndNewStates() {
        let store = Store(reducer: plainReducer, state: nil)
        var counts: [Int] = []
        let token = store.subscribe { counts.append($0.count) }
        store.dispatch(Increment())
        #expect(counts == [0, 1])
        #expect(!token.isCancelled)
    }

    @Test func cancellingStopsDeliveries() {
        let store = Store(reducer: plainReducer, state: nil)
        var counts: [Int] = []
        let token = store.subscribe { counts.append($0.count) }
        token.cancel()
        store.dispatch(Increment())
        #expect(counts == [0])
        #expect(token.isCancelled)
        token.cancel()
    }

    @Test func droppingTheTokenEndsTheSubscription() {
        let store = Store(reducer: plainReducer, state: nil)
        var counts: [Int] = []
        do {
            let token = store.subscribe { counts.append($0.count) }
            _ = token
        }
        store.dispatch(Increment())
        #expect(counts == [0])
    }

    @Test func equatableSelectionsSkipRepeats() {
        let store = Store(reducer: countReducer, state: nil)
        var names: [String] = []
        let token = store.subscribe(transform: { $0.select(\.name) }) { names.append($0) }
        store.dispatch(Increment())
        store.dispatch(SetName(name: "b"))
        store.dispatch(Increment())
        #expect(names == ["counter", "b"])
        _ = token
    }

    @Test func equatableWholeStateSkipsRepeats() {
        let store = Store(reducer: countReducer, state: nil)
        var counts: [Int] = []
        let token = store.subscribe { counts.append($0.count) }
        store.dispatch(Noop())
        store.dispatch(Increment())
        #expect(counts == [0, 1])
        _ = token
    }

    @Test func tokensCanBeKeptInAnArray() {
        let store = Store(reducer: plainReducer, state: nil)
        var tokens: [SubscriptionToken] = []
        var calls = 0
        store.subscribe { _ in calls += 1 }.store(in: &tokens)
        store.dispatch(Increment())
        #expect(calls == 2)
        tokens.removeAll()
        store.dispatch(Increment())
        #expect(calls == 2)
    }

    @Test func cancellingFromInsideTheClosureStopsLaterDeliveries() {
        let store = Store(reducer: plainReducer, state: nil)
        var counts: [Int] = []
        var token: SubscriptionToken?
        token = store.subscribe { state in
            counts.append(state.count)
            if state.count == 1 { token?.cancel() }
        }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(counts == [0, 1])
    }
}
