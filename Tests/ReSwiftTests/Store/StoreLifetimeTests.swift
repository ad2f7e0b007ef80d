import ReSwift
import Testing

@Suite struct StoreLifetimeTests {
    @Test func storeWithoutOutsideReferencesIsDeallocated() {
        weak var weakStore: Store<CountState>?
        let recorder = Recorder<CountState>()
        var token: SubscriptionToken?
        do {
            let passThrough: Middleware<CountState> = { dispatch, getState in
                { next in { action in next(action) } }
            }
            let store = Store(
                reducer: countReducer, state: nil, middleware: [passThrough, passThrough])
            store.subscribe(recorder)
            store.subscribe(Recorder<Int>()) { $0.select(\.count) }
            token = store.subscribe { _ in }
            store.dispatch(Increment())
            weakStore = store
        }
        #expect(weakStore == nil)
        token?.cancel()  // cancelling after the store is gone does nothing
        #expect(token?.isCancelled == true)
    }

    @Test func middlewareAndSubscriptionsAreReleasedWithTheStore() {
        final class Marker {}
        weak var weakMarker: Marker?
        do {
            let marker = Marker()
            weakMarker = marker
            let capturing: Middleware<CountState> = { _, _ in
                { next in
                    { action in
                        _ = marker
                        next(action)
                    }
                }
            }
            let store = Store(reducer: countReducer, state: nil, middleware: [capturing])
            let token = store.subscribe { _ in _ = marker }
            store.dispatch(Increment())
            _ = token
        }
        #expect(weakMarker == nil)
    }

    @Test func dispatchFunctionOutlivingTheStoreDoesNothing() {
        var dispatchFunction: DispatchFunction?
        do {
            let store = Store(reducer: countReducer, state: nil)
            dispatchFunction = store.dispatchFunction
        }
        dispatchFunction?(Increment())  // the store is gone: no crash, nothing happens
        #expect(dispatchFunction != nil)
    }

    @Test func storeReleasedByItsSubscriberWhileNotifyingEndsTheNotification() {
        // The dispatch function's last link holds the store's core, not the store: the first
        // subscriber lets the store go in the middle of the notification.
        var store: Store<CountState>? = Store(reducer: countReducer, state: nil)
        let dispatchFunction = store?.dispatchFunction
        var counts: [Int] = []
        let first = store?.subscribe { state in
            if state.count == 1 { store = nil }
        }
        let second = store?.subscribe { counts.append($0.count) }
        dispatchFunction?(Increment())
        #expect(store == nil)
        // The store went away before the second subscriber's turn: it saw only the first state.
        #expect(counts == [0])
        _ = (first, second)
    }
}
