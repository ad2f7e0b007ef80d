import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

private func mentions(_ text: String) -> (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}

/// A search for `query`, debounced by 300 ms.
private func search(_ query: String) -> AsyncThunk<LibraryState, Void> {
    AsyncThunk(id: "search", debounce: .milliseconds(300)) { dispatch, _ in
        dispatch(SearchStarted())
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await EffectEnvironment.sleep(for: .seconds(1))  // the "network"
        dispatch(SearchFinished(books: ["\(query) in Depth"]))
    }
}

@Suite struct TestStoreClockTests {
    @Test func advanceRunsTheDebouncedThunkWithoutWaiting() async {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(search("swi") as Action)
        await store.advance(by: .milliseconds(100))
        store.send(search("swift") as Action)
        await store.advance(by: .milliseconds(299))
        store.send(Increment()) { $0.count = 1 }  // nothing was received yet
        await store.advance(by: .milliseconds(1))
        await store.receive(SearchStarted()) { $0.isLoading = true }
        await store.advance(by: .seconds(1))
        await store.receive(SearchFinished(books: ["swift in Depth"])) {
            $0.isLoading = false
            $0.books = ["swift in Depth"]
        }
        await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
    }

    @Test func theClockIsInstalledInListenerMiddlewareToo() async {
        let listeners = ListenerMiddleware<LibraryState>()
        listeners.startListening(for: SetQuery.self, policy: .latest) { set, listener in
            try await listener.delay(.milliseconds(300))
            listener.dispatch(SearchFinished(books: [set.query]))
        }
        let store = TestStore(
            initialState: LibraryState(), reducer: libraryReducer,
            middleware: [createThunkMiddleware(), listeners.middleware])
        #expect(listeners.clock as? TestClock === store.clock)
        store.send(SetQuery(query: "s")) { $0.query = "s" }
        await store.advance(by: .milliseconds(200))
        store.send(SetQuery(query: "sw")) { $0.query = "sw" }
        await store.advance(by: .milliseconds(300))
        await store.receive(SearchFinished(books: ["sw"])) { $0.books = ["sw"] }
    }

    @Test func droppedActionsOfCancelledThunksAreCounted() async {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(
            AsyncThunk<LibraryState, Void>(id: "poll") { dispatch, _ in
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                do { try await EffectEnvironment.sleep(for: .seconds(5)) } catch { dispatch(Increment()) }
            } as Action)
        await store.advance(by: .seconds(1))
        store.store.cancelThunks(id: "poll")
        await store.advance(by: .zero)
        #expect(store.droppedActions == 1)
        await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
    }

    @Test func aNegativeAdvanceFailsTheTestAndTimeStandsStill() async {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        let line = #line + 2
        await withKnownIssue {
            await store.advance(by: .milliseconds(-300))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && mentions("advance(by: -300 ms) needs a duration of zero or more")(issue)
        }
        #expect(store.clock.now == EffectInstant(nanoseconds: 0))
    }

    @Test func aThunkStillWaitingOnTheClockFailsTheEndOfTheTest() async {
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(search("swift") as Action)
            await store.advance(by: .milliseconds(100))
            await store.finish(timeout: 0)
        } matching: { issue in
            mentions("1 async thunk(s) still running at the end of the test")(issue)
        }
    }
}
