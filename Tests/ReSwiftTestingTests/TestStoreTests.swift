@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

/// Whether an issue's comments contain `text`.
private func mentions(_ text: String) -> (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}

@Suite(.timeLimit(.minutes(3))) struct TestStoreSendTests {
    @Test func sendPassesWhenTheClosureDescribesTheChange() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(SetQuery(query: "swift")) { $0.query = "swift" }
        store.send(Increment()) { $0.count = 1 }
        #expect(store.state.count == 1)
    }

    @Test func sendWithoutClosureExpectsNoChange() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(SearchFailed(message: "x")) { $0.error = "x" }
        store.send(SetQuery(query: ""))
    }

    @Test func aWrongExpectationFailsWithADiffAtTheCallersLine() {
        let line = #line + 3
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(SetQuery(query: "swift")) { $0.query = "swiftui" }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && mentions("State after SetQuery(query: \"swift\") is not the expected state")(issue)
                && mentions("  query: \"swiftui\" → \"swift\"")(issue)
        }
    }

    @Test func aMissingExpectationFails() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(Increment())
        } matching: { issue in
            mentions("  count: 0 → 1")(issue)
        }
    }

    @Test func exhaustiveClosuresStartFromTheLastAssertedState() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(Increment()) { $0.count += 1 }
        store.send(Increment()) { $0.count += 1 }
        #expect(store.state.count == 2)
    }

    @Test func aStateThatIsNotEquatableIsComparedByReflection() {
        struct Plain { var values: [Int] = [] }
        struct Append: Action { var value: Int }
        let reducer: Reducer<Plain> = { action, state in
            var state = state ?? Plain()
            if let action = action as? Append { state.values.append(action.value) }
            return state
        }
        let store = TestStore(initialState: Plain(), reducer: reducer)
        store.send(Append(value: 1)) { $0.values = [1] }
        withKnownIssue {
            store.send(Append(value: 2)) { $0.values = [1, 3] }
        } matching: { issue in
            mentions("values[1]: 3 → 2")(issue)
        }
    }
}

@Suite(.timeLimit(.minutes(3))) struct TestStoreReceiveTests {
    @Test func receivesWhatASynchronousThunkDispatched() async {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(incrementTwice)
        await store.receive(Increment()) { $0.count = 1 }
        await store.receive(Increment.self) { $0.count = 2 }
    }

    @Test func awaitsAnAsyncThunkAndReceivesItsActions() async throws {
        let store = TestStore(initialState: LibraryState(query: "swift"), reducer: libraryReducer)
        let found = try await store.send(searchBooks(in: Catalog()))
        #expect(found == 2)
        await store.receive(SearchStarted()) { $0.isLoading = true }
        await store.receive(SearchFinished.self) {
            $0.isLoading = false
            $0.books = ["Swift in Depth", "Advanced Swift"]
        }
    }

    @Test func waitsForActionsOfAFireAndForgetThunk() async {
        let store = TestStore(initialState: LibraryState(query: "swift"), reducer: libraryReducer)
        let thunk = searchBooks(in: Catalog(delayNanoseconds: 5_000_000))
        store.send(thunk as Action)
        // Deadlines for a busy 2-core machine running the whole suite (the thunk takes 5 ms).
        await store.receive(SearchStarted(), timeout: 30) { $0.isLoading = true }
        await store.receive(SearchFinished.self, timeout: 30) {
            $0.isLoading = false
            $0.books = ["Swift in Depth", "Advanced Swift"]
        }
        await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
    }

    @Test func receivingTheWrongActionFailsNamingBoth() async {
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(incrementTwice)
            await store.receive(SearchStarted())
            store.skipReceivedActions()
        } matching: { issue in
            mentions("Expected to receive SearchStarted(), but received Increment()")(issue)
        }
    }

    @Test func receivingAnActionWithOtherValuesShowsTheirDifferences() async throws {
        try await withKnownIssue {
            let store = TestStore(initialState: LibraryState(query: "swift"), reducer: libraryReducer)
            try await store.send(searchBooks(in: Catalog()))
            await store.receive(SearchStarted()) { $0.isLoading = true }
            await store.receive(SearchFinished(books: ["Swift in Depth"]))
        } matching: { issue in
            mentions("Differences (expected → received):")(issue)
                && mentions("+ books[1]: \"Advanced Swift\"")(issue)
        }
    }

    @Test func receivingTimesOutWhenNothingComes() async {
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            await store.receive(Increment(), timeout: 0.01)
        } matching: { issue in
            mentions("Expected to receive Increment() within 0.01 s, but nothing was received.")(issue)
        }
    }

    @Test func aWrongReceivedStateFailsWithADiff() async {
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(incrementTwice)
            await store.receive(Increment()) { $0.count = 5 }
            store.skipReceivedActions()
        } matching: { issue in
            mentions("  count: 5 → 1")(issue)
        }
    }

    @Test func sendingBeforeReceivingFails() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(incrementTwice)
            store.send(SetQuery(query: "a")) { $0.query = "a" }
        } matching: { issue in
            mentions("Must handle 2 received action(s) before sending SetQuery")(issue)
        }
    }

    @Test func unreceivedActionsFailWhenTheTestStoreIsReleased() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(incrementTwice)
        } matching: { issue in
            mentions("2 received action(s) were not asserted")(issue)
        }
    }

    @Test func runningThunksFailAtTheEndAndAreCancelled() async {
        let cancelled = Locked(false)
        let signal = OneShotSignal()
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(
                AsyncThunk<LibraryState, Void> { _, _ in
                    do {
                        // Only cancellation ends this wait in time; the deadline ends it with the test.
                        try await withDeadline("the test store to cancel the thunk") {
                            try await Task.sleep(nanoseconds: 60_000_000_000)
                        }
                    } catch is CancellationError {
                        cancelled.withLock { $0 = true }
                        signal.fire()
                    }
                } as Action)
            await store.finish(timeout: 0.01)
        } matching: { issue in
            mentions("1 async thunk(s) still running at the end of the test")(issue)
        }
        await signal.wait(for: "the test store to cancel the thunk")
        #expect(cancelled.withLock { $0 })
    }

    @Test func errorsOfFireAndForgetThunksFailTheTest() async {
        await withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
            store.send(AsyncThunk<LibraryState, Void> { _, _ in throw CatalogUnavailable() } as Action)
            await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
        } matching: { issue in
            mentions("threw an error that nobody awaited: CatalogUnavailable()")(issue)
        }
    }

    @Test func skippingReceivedActionsLetsTheTestGoOn() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(incrementTwice)
        store.skipReceivedActions()
        store.send(Increment()) { $0.count = 3 }
    }
}

@Suite(.timeLimit(.minutes(3))) struct TestStoreNonExhaustiveTests {
    @Test func closuresOnlyNeedTheFieldsTheyCareAbout() async throws {
        let store = TestStore(
            initialState: LibraryState(query: "swift"), reducer: libraryReducer, exhaustivity: .off)
        try await store.send(searchBooks(in: Catalog()))
        await store.receive(SearchFinished.self) { $0.books = ["Swift in Depth", "Advanced Swift"] }
        store.send(Increment()) { $0.count = 1 }
    }

    @Test func aWrongFieldStillFails() {
        withKnownIssue {
            let store = TestStore(initialState: LibraryState(), reducer: libraryReducer, exhaustivity: .off)
            store.send(Increment()) { $0.count = 2 }
        } matching: { issue in
            mentions("count: 2 → 1")(issue)
        }
    }

    @Test func leftoversDoNotFail() async {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.exhaustivity = .off
        store.send(incrementTwice)
        store.send(
            AsyncThunk<LibraryState, Void> { _, _ in try await Task.sleep(nanoseconds: 60_000_000_000) }
                as Action)
    }
}

@Suite(.timeLimit(.minutes(3))) struct TestStoreLifetimeTests {
    @Test func theStoreAndItsThunksAreReleased() async throws {
        weak var weakStore: Store<LibraryState>?
        do {
            let testStore = TestStore(initialState: LibraryState(query: "swift"), reducer: libraryReducer)
            weakStore = testStore.store
            try await testStore.send(searchBooks(in: Catalog()))
            testStore.skipReceivedActions()
        }
        #expect(weakStore == nil)
    }
}
