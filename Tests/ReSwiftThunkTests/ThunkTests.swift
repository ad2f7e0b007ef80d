import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

@Suite struct ThunkTests {
    @Test func thunkRunsItsBodyAndNeverReachesTheReducer() {
        let reduced = ActionRecorder()
        let store = makeCounterStore(reduced: reduced)
        var ran = false
        store.dispatch(Thunk<CounterState> { _, _ in ran = true })
        #expect(ran)
        #expect(!reduced.typeNames.contains { $0.hasPrefix("Thunk") })
    }

    @Test func otherActionsGoOnToTheReducer() {
        let store = makeCounterStore()
        store.dispatch(Increment())
        #expect(store.state.count == 1)
    }

    @Test func actionsDispatchedByTheBodyAreReducedBeforeDispatchReturns() {
        let store = makeCounterStore()
        var seen: [Int?] = []
        store.dispatch(
            Thunk<CounterState> { dispatch, getState in
                seen.append(getState()?.count)
                dispatch(Increment())
                seen.append(getState()?.count)
                dispatch(Increment())
                seen.append(getState()?.count)
            })
        #expect(seen == [0, 1, 2])
        #expect(store.state.count == 2)
    }

    @Test func bodyCanDispatchAnotherThunk() {
        let store = makeCounterStore()
        let inner = Thunk<CounterState> { dispatch, _ in dispatch(AddLabel(label: "inner")) }
        store.dispatch(
            Thunk<CounterState> { dispatch, _ in
                dispatch(AddLabel(label: "outer"))
                dispatch(inner)
            })
        #expect(store.state.labels == ["outer", "inner"])
    }

    @Test func thunkForAnotherStateTypeIsPassedOn() {
        let reduced = ActionRecorder()
        let store = makeCounterStore(reduced: reduced)
        var ran = false
        store.dispatch(Thunk<String> { _, _ in ran = true })
        #expect(!ran)
        #expect(reduced.typeNames.last == "Thunk<String>")
    }

    @Test func laterDispatchesAfterTheStoreIsGoneDoNothing() {
        var store: Store<CounterState>? = makeCounterStore()
        let weakStore = WeakReference(store)
        var savedDispatch: DispatchFunction?
        var savedGetState: (() -> CounterState?)?
        store?.dispatch(
            Thunk<CounterState> { dispatch, getState in
                savedDispatch = dispatch
                savedGetState = getState
            })
        store = nil
        #expect(weakStore.object == nil)
        savedDispatch?(Increment())
        #expect(savedGetState?() == nil)
    }

    @Test func middlewareCanBeCalledDirectly() {
        // The ReSwift-Thunk way of unit-testing a thunk without a store.
        var dispatched: [String] = []
        let middleware: Middleware<CounterState> = createThunkMiddleware()
        let run = middleware({ dispatched.append("\(type(of: $0))") }, { CounterState(count: 7) })
        var passedOn: [String] = []
        let dispatch = run { passedOn.append("\(type(of: $0))") }
        dispatch(
            Thunk<CounterState> { dispatch, getState in
                if getState()?.count == 7 { dispatch(Increment()) }
            })
        dispatch(AddLabel(label: "x"))
        #expect(dispatched == ["Increment"])
        #expect(passedOn == ["AddLabel"])
    }
}
