import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

/// `LibraryState`'s reducer in the in-place form that `Store(reducer:state:)` takes.
private func reduceLibrary(_ action: Action, _ state: inout LibraryState) {
    switch action {
    case let set as SetQuery: state.query = set.query
    case is Increment: state.count += 1
    default: break
    }
}

/// A test store drives an in-place reducer (issue 20) with the same checks as a classic one.
@Suite struct TestStoreInPlaceTests {
    @Test func sendChecksTheChangeAnInPlaceReducerMakes() {
        let store = TestStore(initialState: LibraryState(), reducer: reduceLibrary)
        store.send(SetQuery(query: "swift")) { $0.query = "swift" }
        store.send(Increment()) { $0.count = 1 }
        #expect(store.state.count == 1)
        #expect(store.state.query == "swift")
    }

    @Test func aWrongExpectationOfAnInPlaceReducerFailsWithADiff() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: reduceLibrary)
            store.send(Increment()) { $0.count = 2 }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("  count: 2 → 1") }
        }
    }

    @Test func thunksDispatchingToAnInPlaceReducerAreReceived() async {
        let store = TestStore(initialState: LibraryState(), reducer: reduceLibrary)
        let bump = Thunk<LibraryState> { dispatch, getState in
            dispatch(SetQuery(query: "count \(getState()?.count ?? -1)"))
            dispatch(Increment())
        }
        store.send(bump)
        await store.receive(SetQuery(query: "count 0")) { $0.query = "count 0" }
        await store.receive(Increment.self) { $0.count = 1 }
    }
}
