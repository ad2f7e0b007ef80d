import ReSwift
import Testing

/// A store subclass in ReSwift 6.1's shape: it overrides every `open` member of `Store`, records
/// that the override ran, and calls `super`. (In Swift 6 mode a subclass restates `Store`'s
/// `@unchecked Sendable`; ReSwift's store wasn't Sendable. `calls` is only used on the test's
/// thread.)
final class AuditingStore<State>: Store<State>, @unchecked Sendable {
    var calls: [String] = []

    override func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        calls.append("subscribe(_:)")
        super.subscribe(subscriber)
    }

    override func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        calls.append("subscribe(_:transform:)")
        super.subscribe(subscriber, transform: transform)
    }

    override func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        calls.append("subscribe(_:transform:) Equatable")
        super.subscribe(subscriber, transform: transform)
    }

    override func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        calls.append("unsubscribe(_:)")
        super.unsubscribe(subscriber)
    }

    override func dispatch(_ action: Action) {
        calls.append("dispatch(_:) \(type(of: action))")
        super.dispatch(action)
    }

    override func _defaultDispatch(action: Action) {
        calls.append("_defaultDispatch(action:)")
        super._defaultDispatch(action: action)
    }

    // The action creators are deprecated; so are their overrides, which keeps `super` quiet.
    @available(*, deprecated)
    override func dispatch(_ actionCreator: @escaping ActionCreator) {
        calls.append("dispatch(ActionCreator)")
        super.dispatch(actionCreator)
    }

    @available(*, deprecated)
    override func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator) {
        calls.append("dispatch(AsyncActionCreator)")
        super.dispatch(asyncActionCreator)
    }

    @available(*, deprecated)
    override func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator, callback: DispatchCallback?) {
        calls.append("dispatch(AsyncActionCreator, callback:)")
        super.dispatch(asyncActionCreator, callback: callback)
    }
}

/// Calls a store the way generic ReSwift code does: through `StoreType`, whose action-creator
/// requirements aren't deprecated.
enum ThroughStoreType {
    static func dispatch<S: StoreType>(_ store: S, _ actionCreator: S.ActionCreator) {
        store.dispatch(actionCreator)
    }

    static func dispatch<S: StoreType>(_ store: S, _ asyncActionCreator: S.AsyncActionCreator) {
        store.dispatch(asyncActionCreator)
    }

    static func dispatch<S: StoreType>(
        _ store: S, _ asyncActionCreator: S.AsyncActionCreator, callback: S.DispatchCallback?
    ) {
        store.dispatch(asyncActionCreator, callback: callback)
    }

    static func subscribe<S: StoreType, Subscriber: StoreSubscriber>(_ store: S, _ subscriber: Subscriber)
    where Subscriber.StoreSubscriberStateType == S.State {
        store.subscribe(subscriber)
    }
}

@Suite struct StoreSubclassTests {
    @Test func subscribeOverridesRunForAWholeStateSubscription() {
        let store = AuditingStore(reducer: appReducer, state: nil)
        let receiver = Receiver<AppState>()
        store.subscribe(receiver)
        // As in ReSwift, subscribe(_:) goes through subscribe(_:transform:).
        #expect(store.calls.suffix(2) == ["subscribe(_:)", "subscribe(_:transform:)"])
        store.dispatch(Tick())
        #expect(receiver.received.map(\.counter) == [0, 1])
    }

    @Test func overridesRunThroughTheBaseClassTypeAndStoreType() {
        let store = AuditingStore(reducer: appReducer, state: nil)
        let base: Store<AppState> = store
        let receiver = Receiver<AppState>()
        store.calls.removeAll()
        base.subscribe(receiver)
        ThroughStoreType.subscribe(base, receiver)
        base.unsubscribe(receiver)
        #expect(
            store.calls == [
                "subscribe(_:)", "subscribe(_:transform:)", "subscribe(_:)", "subscribe(_:transform:)",
                "unsubscribe(_:)",
            ])
        base.dispatch(Tick())
        #expect(receiver.received.count == 2)
    }

    @Test func dispatchOverridesRunAndTheActionReachesTheReducer() {
        let store = AuditingStore(reducer: appReducer, state: AppState())
        store.dispatch(Tick())
        #expect(store.calls == ["dispatch(_:) Tick", "_defaultDispatch(action:)"])
        #expect(store.state.counter == 1)
    }

    @Test func theEquatableSelectionOverrideRunsAndSkipsRepeats() {
        let store = AuditingStore(reducer: appReducer, state: AppState())
        let receiver = Receiver<String>()
        store.subscribe(receiver) { $0.select(\.inner.text) }
        #expect(store.calls == ["subscribe(_:transform:) Equatable"])
        store.dispatch(Tick())
        store.dispatch(SetText(text: "a"))
        #expect(receiver.received == ["", "a"])
    }

    @Test func aNonEquatableSelectionGoesThroughTheGeneralOverride() {
        let store = AuditingStore(reducer: appReducer, state: AppState())
        let receiver = Receiver<AppState>()
        store.subscribe(receiver) { $0.select { $0 } }
        #expect(store.calls == ["subscribe(_:transform:)"])
    }

    @Test func anEquatableStateSubscriptionGoesThroughTheTransformOverrideAndSkipsRepeats() {
        let store = AuditingStore(reducer: counterReducer, state: CounterState())
        let receiver = Receiver<CounterState>()
        // The compiler picks the `where State: Equatable` overload, which (as in ReSwift 6.1)
        // subscribes with `{ $0.skipRepeats() }` through the transform overload.
        store.subscribe(receiver)
        #expect(store.calls == ["subscribe(_:transform:) Equatable"])
        store.dispatch(Relabel(label: ""))  // the same state again
        store.dispatch(Tick())
        #expect(receiver.received.map(\.counter) == [0, 1])
    }

    @Test func actionCreatorOverridesRunAndDispatchThroughTheChain() {
        let store = AuditingStore(reducer: appReducer, state: AppState())
        ThroughStoreType.dispatch(store) { state, _ in state.counter == 0 ? Tick() : nil }
        #expect(store.calls == ["dispatch(ActionCreator)", "dispatch(_:) Tick", "_defaultDispatch(action:)"])
        #expect(store.state.counter == 1)
    }

    @Test func asyncActionCreatorOverridesRunAndCallBack() {
        let store = AuditingStore(reducer: appReducer, state: AppState())
        var pending: [(Store<AppState>.ActionCreator) -> Void] = []
        var callbackCounters: [Int] = []
        ThroughStoreType.dispatch(store) { _, _, callback in pending.append(callback) }
        ThroughStoreType.dispatch(store, { _, _, callback in pending.append(callback) }) { state in
            callbackCounters.append(state.counter)
        }
        #expect(
            store.calls == [
                "dispatch(AsyncActionCreator)", "dispatch(AsyncActionCreator, callback:)",
                "dispatch(AsyncActionCreator, callback:)",
            ])
        for complete in pending { complete { _, _ in Tick() } }
        #expect(store.state.counter == 2)
        #expect(callbackCounters == [2])
    }
}
