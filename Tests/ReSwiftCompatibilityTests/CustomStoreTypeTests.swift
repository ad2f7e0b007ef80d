import ReSwift
import Testing

/// A custom store written for ReSwift 6.1, forwarding to a `Store`. Like ReSwift's own `Store`,
/// it names its action-creator types (the compiler can't tell them from `dispatch(_: Action)`
/// otherwise), in the shape of `StoreType`'s defaults; `DispatchCallback` comes from the default.
final class ForwardingStore<State>: StoreType {
    typealias ActionCreator = (_ state: State, _ store: any StoreType) -> Action?
    typealias AsyncActionCreator =
        (_ state: State, _ store: any StoreType, _ actionCreatorCallback: (ActionCreator) -> Void) -> Void

    private let inner: Store<State>
    private(set) var dispatched: [String] = []

    init(reducer: @escaping Reducer<State>, state: State?) {
        inner = Store(reducer: reducer, state: state)
    }

    var state: State! { inner.state }

    var dispatchFunction: DispatchFunction! { inner.dispatchFunction }

    func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        inner.subscribe(subscriber, transform: nil)
    }

    func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        inner.subscribe(subscriber, transform: transform)
    }

    func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        inner.subscribe(subscriber, transform: transform)
    }

    func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        inner.unsubscribe(subscriber)
    }

    func dispatch(_ action: Action) {
        dispatched.append(String(describing: type(of: action)))
        inner.dispatch(action)
    }

    func dispatch(_ actionCreator: ActionCreator) {
        if let action = actionCreator(state, self) {
            dispatch(action)
        }
    }

    func dispatch(_ asyncActionCreator: AsyncActionCreator) {
        dispatch(asyncActionCreator, callback: nil)
    }

    func dispatch(_ asyncActionCreator: AsyncActionCreator, callback: DispatchCallback?) {
        asyncActionCreator(state, self) { actionCreator in
            if let action = actionCreator(self.state, self) {
                self.dispatch(action)
                callback?(self.state)
            }
        }
    }
}

@Suite struct CustomStoreTypeTests {
    @Test func theDefaultDispatchCallbackReceivesTheState() {
        let callback: ForwardingStore<AppState>.DispatchCallback = { _ in }
        #expect(type(of: callback) == ((AppState) -> Void).self)
    }

    @Test func actionCreatorsDispatchThroughTheCustomStore() {
        let store = ForwardingStore(reducer: appReducer, state: AppState())
        let creator: ForwardingStore<AppState>.ActionCreator = { state, _ in
            state.counter == 0 ? Tick() : nil
        }
        store.dispatch(creator)
        store.dispatch(creator)
        #expect(store.state.counter == 1)
        #expect(store.dispatched == ["Tick"])
    }

    @Test func anAsyncActionCreatorCallsBackWithTheNewState() {
        let store = ForwardingStore(reducer: appReducer, state: AppState())
        var counters: [Int] = []
        store.dispatch(
            { _, _, completion in completion { _, _ in Tick() } }, callback: { counters.append($0.counter) })
        #expect(counters == [1])
    }

    @Test func genericCodeSelectsThroughTheCustomStore() {
        let store = ForwardingStore(reducer: appReducer, state: AppState())
        let receiver = Receiver<String>()
        attach(store, receiver)
        store.dispatch(Tick())
        store.dispatch(SetText(text: "x"))
        #expect(receiver.received == ["", "x"])
    }
}
