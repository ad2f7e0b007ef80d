@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

private struct ListState: Equatable {
    var list: CopyCountingList
    var filter = 0
}

private struct ToggleItem: Action { var index: Int }
private struct SetListFilter: Action { var filter: Int }

private func inPlaceReducer(action: Action, state: inout ListState) {
    switch action {
    case let toggle as ToggleItem: state.list.toggle(toggle.index)
    case let set as SetListFilter: state.filter = set.filter
    default: break
    }
}

private func classicReducer(action: Action, state: ListState?) -> ListState {
    var state = state!
    inPlaceReducer(action: action, state: &state)
    return state
}

private final class Measurements: StoreInstrumentation, @unchecked Sendable {
    let count = Locked(0)
    func storeDidDispatch(_ measurement: DispatchMeasurement) { count.withLock { $0 += 1 } }
}

private final class FilterView: StoreSubscriber {
    var filters: [Int] = []
    func newState(state: Int) { filters.append(state) }
}

private final class WholeStateView: StoreSubscriber {
    var received = 0
    func newState(state: ListState) { received += 1 }
}

/// The in-place reducer changes the state where it is: no dispatch copies the state, whatever
/// else is attached to the store, unless something keeps the previous state on purpose.
@Suite struct StoreInPlaceTests {
    private let copies = CopyCounter()

    private func makeStore(
        middleware: [Middleware<ListState>] = [], automaticallySkipsRepeats: Bool = true
    ) -> Store<ListState> {
        Store(
            reducer: inPlaceReducer, state: ListState(list: CopyCountingList(count: 1000, copies: copies)),
            middleware: middleware, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    private func toggleAll(_ store: Store<ListState>, times: Int = 50) {
        for index in 0..<times { store.dispatch(ToggleItem(index: index)) }
    }

    @Test func aBareStoreNeverCopiesTheState() {
        let store = makeStore()
        toggleAll(store)
        #expect(copies.current == 0)
        #expect(store.state.list[0])
    }

    @Test func selectSubscribersOfAnotherSliceCopyNothing() {
        let store = makeStore()
        let views = (0..<10).map { _ in FilterView() }
        for view in views { store.subscribe(view) { $0.select(\.filter) } }
        let tokens = (0..<10).map { _ in store.subscribe(transform: { $0.select { $0.filter } }) { _ in } }
        toggleAll(store)
        store.dispatch(SetListFilter(filter: 3))
        #expect(copies.current == 0)
        #expect(views.allSatisfy { $0.filters == [0, 3] })
        withExtendedLifetime(tokens) {}
    }

    @Test func closureSubscribersOfTheWholeStateCopyNothing() {
        let store = makeStore(automaticallySkipsRepeats: false)
        var seen = 0
        let token = store.subscribe { (state: ListState) in seen += state.list[0] ? 1 : 0 }
        toggleAll(store)
        #expect(copies.current == 0)
        #expect(seen > 0)
        token.cancel()
    }

    @Test func instrumentationCopiesNothing() {
        let store = makeStore()
        let measurements = Measurements()
        store.instrumentation = measurements
        let view = FilterView()
        store.subscribe(view) { $0.select(\.filter) }
        toggleAll(store)
        store.dispatch(ToggleItem(index: 0), file: #fileID, line: #line)
        #expect(copies.current == 0)
        #expect(measurements.count.current == 51)
    }

    @Test func middlewareReadingTheStateCopiesNothing() {
        let reads = Locked(0)
        let reading: Middleware<ListState> = { _, getState in
            { next in
                { action in
                    if let state = getState(), state.list.count > 0 { reads.withLock { $0 += 1 } }
                    next(action)
                    _ = getState()?.filter
                }
            }
        }
        let store = makeStore(middleware: [reading])
        toggleAll(store)
        #expect(copies.current == 0)
        #expect(reads.current == 51)  // ReSwiftInit too
    }

    @Test func memoizedSelectorsOfAnotherSliceCopyNothing() {
        let store = makeStore()
        let doubled = MemoizedSelector(\ListState.filter) { $0 * 2 }
        let views = (0..<5).map { _ in FilterView() }
        for view in views { store.subscribe(view) { $0.select(doubled) } }
        toggleAll(store)
        store.dispatch(SetListFilter(filter: 2))
        #expect(copies.current == 0)
        #expect(views.allSatisfy { $0.filters == [0, 4] })
    }

    @Test func aReaderThatKeepsACopyMakesTheNextChangeCopyOnce() {
        let store = makeStore()
        let kept = store.state!
        store.dispatch(ToggleItem(index: 0))
        store.dispatch(ToggleItem(index: 1))
        #expect(copies.current == 1)
        #expect(!kept.list[0])
        #expect(store.state.list[0] && store.state.list[1])
    }

    @Test func wholeStateSubscribersThatSkipRepeatsKeepThePreviousState() {
        // Documented cost: the previous state is kept to compare with, so each change copies.
        let store = makeStore()
        let views = (0..<3).map { _ in WholeStateView() }
        for view in views { store.subscribe(view) }
        toggleAll(store, times: 4)
        #expect(copies.current == 4)
        store.dispatch(SetListFilter(filter: 0))  // a repeat: not delivered
        #expect(views.allSatisfy { $0.received == 5 })
        for view in views { store.unsubscribe(view) }
        toggleAll(store, times: 4)
        // Nobody needs the previous state any more.
        #expect(copies.current == 4)
    }

    @Test func theClassicReducerFormCopiesWhatItChanges() {
        // Documented cost of ReSwift's form: the reducer's copy shares the store's storage.
        let store = Store(
            reducer: classicReducer, state: ListState(list: CopyCountingList(count: 10, copies: copies)))
        toggleAll(store, times: 3)
        #expect(copies.current == 3)
        #expect(store.state.list[2])
    }

    @Test func theInPlaceFormStillReducesReSwiftInitFirst() {
        var actions: [String] = []
        let store = Store(
            reducer: { (action: Action, state: inout Int) in
                actions.append(String(describing: type(of: action)))
                state += 1
            }, state: 10)
        #expect(actions == ["ReSwiftInit"])
        #expect(store.state == 11)
    }

    @Test func slicesComposeInPlace() {
        let reducer: MutatingReducer<ListState> = combineReducers(
            .slice(\.list) { action, list in
                if let toggle = action as? ToggleItem { list.toggle(toggle.index) }
            },
            .slice(\.filter) { action, filter in
                if let set = action as? SetListFilter { filter = set.filter }
            },
            .whole { action, state in
                if action is SetListFilter { state.filter += 100 }
            })
        let store = Store(
            reducer: reducer, state: ListState(list: CopyCountingList(count: 100, copies: copies)))
        toggleAll(store, times: 10)
        store.dispatch(SetListFilter(filter: 1))
        #expect(copies.current == 0)
        #expect(store.state.filter == 101)
        #expect(store.state.list[9])
    }
}
