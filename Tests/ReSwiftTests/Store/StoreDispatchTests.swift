import ReSwift
import Testing

@Suite struct StoreDispatchTests {
    @Test func storeWithoutStateReducesReSwiftInit() {
        var seen: [String] = []
        let store = Store<CountState>(
            reducer: { action, state in
                seen.append("\(type(of: action)) \(state == nil ? "nil" : "state")")
                return countReducer(action: action, state: state)
            }, state: nil)
        #expect(seen == ["ReSwiftInit nil"])
        #expect(store.state == CountState())
    }

    @Test func storeWithInitialStateDoesNotReduce() {
        var reduced = 0
        let store = Store<CountState>(
            reducer: { action, state in
                reduced += 1
                return countReducer(action: action, state: state)
            }, state: CountState(count: 7))
        #expect(reduced == 0)
        #expect(store.state.count == 7)
    }

    @Test func dispatchReducesTheAction() {
        let store = Store(reducer: countReducer, state: nil)
        store.dispatch(Increment())
        store.dispatch(Increment())
        store.dispatch(Decrement())
        #expect(store.state.count == 1)
    }

    @Test func middlewareRunsInOrderBeforeTheReducer() {
        var log: [String] = []
        func tagging(_ tag: String) -> Middleware<CountState> {
            return { _, getState in
                return { next in
                    return { action in
                        log.append("\(tag) before, count \(getState()?.count ?? -1)")
                        next(action)
                        log.append("\(tag) after, count \(getState()?.count ?? -1)")
                    }
                }
            }
        }
        let store = Store(
            reducer: countReducer, state: CountState(), middleware: [tagging("a"), tagging("b")])
        store.dispatch(Increment())
        #expect(
            log == [
                "a before, count 0", "b before, count 0", "b after, count 1", "a after, count 1",
            ])
    }

    @Test func middlewareCanSwallowAndTransformActions() {
        let onlyIncrementsTwice: Middleware<CountState> = { _, _ in
            return { next in
                return { action in
                    if action is Decrement { return }
                    if action is Increment {
                        next(action)
                        next(action)
                    } else {
                        next(action)
                    }
                }
            }
        }
        let store = Store(
            reducer: countReducer, state: CountState(), middleware: [onlyIncrementsTwice])
        store.dispatch(Increment())
        store.dispatch(Decrement())
        #expect(store.state.count == 2)
    }

    @Test func actionDispatchedFromMiddlewareIsReducedBeforeDispatchReturns() {
        var countAfterNestedDispatch = -1
        let doubling: Middleware<CountState> = { dispatch, getState in
            return { next in
                return { action in
                    next(action)
                    if let setName = action as? SetName, setName.name == "double" {
                        dispatch(Increment())
                        countAfterNestedDispatch = getState()?.count ?? -1
                    }
                }
            }
        }
        let store = Store(reducer: countReducer, state: CountState(), middleware: [doubling])
        store.dispatch(SetName(name: "double"))
        #expect(countAfterNestedDispatch == 1)
    }

    @Test func settingMiddlewareRebuildsTheChain() {
        var seen = 0
        let store = Store(reducer: countReducer, state: CountState())
        store.dispatch(Increment())
        store.middleware = [
            { _, _ in
                { next in
                    { action in
                        seen += 1
                        next(action)
                    }
                }
            }
        ]
        store.dispatch(Increment())
        #expect(seen == 1)
        #expect(store.state.count == 2)
        #expect(store.middleware.count == 1)
    }

    @Test func replacingDispatchFunctionCapturesActions() {
        // The ReSwift 101 pattern.
        let store = Store(reducer: countReducer, state: CountState())
        var actions: [Action] = []
        store.dispatchFunction = { actions.append($0) }
        store.dispatch(Increment())
        store.dispatch(SetName(name: "x"))
        #expect(actions.count == 2)
        #expect(actions.first is Increment)
        #expect((actions.last as? SetName)?.name == "x")
        #expect(store.state.count == 0)
    }

    @Test func dispatchFromReducerIsReportedAndDropped() {
        var misuses: [StoreMisuse] = []
        var store: Store<CountState>?
        let reducer: Reducer<CountState> = { action, state in
            if action is Increment {
                store?.dispatch(Decrement())
            }
            return countReducer(action: action, state: state)
        }
        store = Store(reducer: reducer, state: CountState())
        store?.misuseHandler = { misuses.append($0) }
        store?.dispatch(Increment())
        #expect(store?.state.count == 1)
        #expect(misuses.count == 1)
        #expect(misuses.first?.kind == .dispatchFromReducer)
        #expect(misuses.first?.message.contains("Decrement") == true)
        #expect(misuses.first?.message.contains("thunk") == true)
        store = nil  // the reducer captures the variable: break the cycle
    }

    @Test func storeTypeProtocolExposesTheStore() {
        func countThroughProtocol<S: StoreType>(_ store: S) -> S.State { store.state }
        let store = Store(reducer: countReducer, state: CountState(count: 3))
        #expect(countThroughProtocol(store).count == 3)
        let dispatching: DispatchingStoreType = store
        dispatching.dispatch(Increment())
        #expect(store.state.count == 4)
    }
}
