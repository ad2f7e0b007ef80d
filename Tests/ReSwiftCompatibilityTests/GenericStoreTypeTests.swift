import ReSwift
import Testing

/// Generic code written against `StoreType`, as ReSwift's own
/// `testSkipsStateUpdatesForEquatableSubStateByDefaultWithKeyPathOnGenericStoreType` writes it.
func attach<S: StoreType>(_ store: S, _ subscriber: Receiver<String>) where S.State == AppState {
    store.subscribe(subscriber) { $0.select(\.inner.text) }
}

@Suite struct GenericStoreTypeTests {
    @Test func anEquatableSelectionThroughStoreTypeSkipsRepeats() {
        let store = Store(reducer: appReducer, state: AppState())
        let receiver = Receiver<String>()
        attach(store, receiver)
        store.dispatch(Tick())
        store.dispatch(Tick())
        store.dispatch(SetText(text: "hello"))
        store.dispatch(Tick())
        #expect(receiver.received == ["", "hello"])
    }

    @Test func aStoreThatDoesNotSkipRepeatsDeliversEveryState() {
        let store = Store(reducer: appReducer, state: AppState(), automaticallySkipsRepeats: false)
        let receiver = Receiver<String>()
        attach(store, receiver)
        store.dispatch(Tick())
        #expect(receiver.received == ["", ""])
    }
}
