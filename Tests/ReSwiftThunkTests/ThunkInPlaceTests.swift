import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

private struct ListState {
    var list: CopyCountingList
    var toggled = 0
}

private struct ToggleItem: Action { var index: Int }

private func reduceList(_ action: Action, _ state: inout ListState) {
    if let toggle = action as? ToggleItem {
        state.list.toggle(toggle.index)
        state.toggled += 1
    }
}

/// Thunks that read the state with `getState` between their dispatches leave the in-place
/// reducer the only holder of the state (issue 20): no dispatch copies it.
@Suite(.timeLimit(.minutes(3))) struct ThunkInPlaceTests {
    private let copies = CopyCounter()

    private func makeStore() -> Store<ListState> {
        Store(
            reducer: reduceList, state: ListState(list: CopyCountingList(count: 1000, copies: copies)),
            middleware: [createThunkMiddleware()])
    }

    @Test func aThunkReadingGetStateBetweenDispatchesCopiesNothing() {
        let store = makeStore()
        let toggleUntil50 = Thunk<ListState> { dispatch, getState in
            while let toggled = getState()?.toggled, toggled < 50 {
                dispatch(ToggleItem(index: toggled))
            }
        }
        store.dispatch(toggleUntil50)
        #expect(store.state.toggled == 50)
        #expect(copies.current == 0)
    }

    @Test func anAsyncThunkReadingGetStateBetweenDispatchesCopiesNothing() async throws {
        let store = makeStore()
        let toggleUntil50 = AsyncThunk<ListState, Int> { dispatch, getState in
            while let toggled = getState()?.toggled, toggled < 50 {
                dispatch(ToggleItem(index: toggled))
            }
            return getState()?.toggled ?? -1
        }
        let toggled = try await withDeadline("the thunk") { try await store.dispatch(toggleUntil50) }
        #expect(toggled == 50)
        #expect(copies.current == 0)
    }
}
