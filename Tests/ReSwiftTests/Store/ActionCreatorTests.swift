import ReSwift
import Testing

/// The deprecated action creators, called through `StoreType` (whose requirements aren't
/// deprecated) so that these tests build without warnings.
@Suite struct ActionCreatorTests {
    static func dispatch<S: StoreType>(_ store: S, _ actionCreator: S.ActionCreator) {
        store.dispatch(actionCreator)
    }

    static func dispatch<S: StoreType>(
        _ store: S, _ asyncActionCreator: S.AsyncActionCreator, callback: S.DispatchCallback?
    ) {
        store.dispatch(asyncActionCreator, callback: callback)
    }

    static func dispatch<S: StoreType>(_ store: S, _ asyncActionCreator: S.AsyncActionCreator) {
        store.dispatch(asyncActionCreator)
    }

    // The tutorial's shape: a function of (state, store) returning a concrete action.
    static func incrementIfSmall(state: CountState, store: Store<CountState>) -> Increment? {
        state.count < 2 ? Increment() : nil
    }

    @Test func actionCreatorDispatchesTheActionItReturns() {
        let store = Store(reducer: countReducer, state: nil)
        Self.dispatch(store, Self.incrementIfSmall)
        Self.dispatch(store, Self.incrementIfSmall)
        Self.dispatch(store, Self.incrementIfSmall)
        #expect(store.state.count == 2)
    }

    @Test func asyncActionCreatorCallsBackAfterTheActionWasReduced() {
        let store = Store(reducer: countReducer, state: nil)
        var pending: ((Store<CountState>.ActionCreator) -> Void)?
        var callbackCounts: [Int] = []
        Self.dispatch(
            store,
            { _, _, callback in pending = callback },
            callback: { state in callbackCounts.append(state.count) })
        #expect(store.state.count == 0)
        pending? { _, _ in Increment() }
        #expect(store.state.count == 1)
        #expect(callbackCounts == [1])
    }

    @Test func asyncActionCreatorWithoutActionDoesNotCallBack() {
        let store = Store(reducer: countReducer, state: nil)
        var calledBack = false
        Self.dispatch(
            store, { _, _, callback in callback { _, _ in nil } },
            callback: { _ in calledBack = true })
        Self.dispatch(store, { _, _, callback in callback { _, _ in Increment() } })
        #expect(!calledBack)
        #expect(store.state.count == 1)
    }
}
