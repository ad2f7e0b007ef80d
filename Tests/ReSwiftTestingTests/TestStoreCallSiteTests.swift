import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

/// Whether an issue's comments contain `text`.
private func mentions(_ text: String) -> (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}

/// How a failure names a line of this file as an action's call site.
private func dispatchedAt(_ line: Int) -> String {
    "(dispatched at ReSwiftTestingTests/TestStoreCallSiteTests.swift:\(line))"
}

/// The line of `startSearch()`'s dispatch.
private let searchStartedLine = #line + 5

/// A thunk that dispatches `SearchStarted`, made the usual way: by a function.
private func startSearch() -> AsyncThunk<LibraryState, Void> {
    AsyncThunk { dispatch, _ in
        dispatch(SearchStarted())
    }
}

/// A helper written before call sites: it takes `dispatch` as a plain function.
private func startSearch(dispatch: @Sendable (Action) -> Void) {
    dispatch(SearchStarted())
}

/// A helper written for ReSwift-Thunk: it takes `dispatch` as a `DispatchFunction`.
private func increment(dispatch: DispatchFunction) {
    dispatch(Increment())
}

@Suite struct TestStoreCallSiteTests {
    @Test func anUnexpectedActionNamesTheThunkLineThatDispatchedIt() async throws {
        try await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            try await store.send(startSearch())
            await store.receive(Increment())
            store.skipReceivedActions()
        } matching: { issue in
            let site = dispatchedAt(searchStartedLine)
            return mentions("Expected to receive Increment(), but received SearchStarted() \(site).")(issue)
        }
    }

    @Test func unreceivedActionsAtTheNextSendNameTheirCallSites() {
        let line = #line + 3
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.store.dispatch(Increment(), file: #fileID, line: #line)
            store.send(SetQuery(query: "a")) { $0.query = "a" }
        } matching: { issue in
            mentions("before sending SetQuery(query: \"a\"):\n  - Increment() \(dispatchedAt(line))")(issue)
        }
    }

    @Test func unreceivedActionsAtTheEndNameTheirCallSites() async throws {
        let line = #line + 6
        try await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            try await store.send(
                AsyncThunk<LibraryState, Void> { dispatch, _ in
                    dispatch(SearchStarted())
                    dispatch(SearchFinished(books: []))
                })
            await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
        } matching: { issue in
            mentions(
                """
                2 received action(s) were not asserted:
                  - SearchStarted() \(dispatchedAt(line - 1))
                  - SearchFinished(books: []) \(dispatchedAt(line))
                """)(issue)
        }
    }

    @Test func receivedOnlyListsTheCallSites() async throws {
        try await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer, exhaustivity: .off)
            try await store.send(startSearch())
            await store.receive(SearchFailed.self, timeout: 0.01)
        } matching: { issue in
            mentions("but received only:\n  - SearchStarted() \(dispatchedAt(searchStartedLine))")(issue)
        }
    }

    @Test func anActionWithoutACallSiteIsNamedByTheAsyncThunkThatDispatchedIt() async throws {
        let line = #line + 4
        try await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            try await store.send(
                AsyncThunk<LibraryState, Void> { dispatch, _ in startSearch(dispatch: dispatch) })
            await store.receive(Increment())
            store.skipReceivedActions()
        } matching: { issue in
            mentions(
                "but received SearchStarted() (dispatched by AsyncThunk<LibraryState, ()> created at "
                    + "ReSwiftTestingTests/TestStoreCallSiteTests.swift:\(line)).")(issue)
        }
    }

    @Test func actionsFromASyncThunkNameTheirLines() {
        let line = #line + 5
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(
                Thunk<LibraryState> { dispatch, _ in
                    dispatch(Increment())
                    dispatch(SearchStarted())
                })
        } matching: { issue in
            mentions(
                """
                were not asserted:
                  - Increment() \(dispatchedAt(line))
                  - SearchStarted() \(dispatchedAt(line + 1))
                """)(issue)
        }
    }

    @Test func anActionWithNoKnownSourceIsListedAlone() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(Thunk<LibraryState> { dispatch, _ in increment(dispatch: dispatch) })
        } matching: { issue in
            mentions("were not asserted:\n  - Increment()\nAssert them")(issue)
        }
    }
}
