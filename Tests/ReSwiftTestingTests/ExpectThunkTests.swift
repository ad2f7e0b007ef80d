import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct ExpectThunkTests {
    @Test func runChecksSynchronousDispatchesInOrder() {
        let expectation = ExpectThunk(incrementTwice)
            .dispatches(Increment())
            .dispatches { action in #expect(action is Increment) }
            .run()
        #expect(expectation.dispatched.count == 2)
    }

    @Test func getStateReturnsTheMockedStatesInOrderThenNil() {
        var seen: [String?] = []
        let thunk = Thunk<LibraryState> { _, getState in
            seen = [getState()?.query, getState()?.query, getState()?.query]
        }
        ExpectThunk(thunk)
            .getsState(LibraryState(query: "a"))
            .getsState(LibraryState(query: "b"))
            .run()
        #expect(seen == ["a", "b", nil])
    }

    @Test func waitChecksDispatchesMadeLaterOnAnotherThread() {
        ExpectThunk(searchLater("swift"))
            .getsState(LibraryState())
            .dispatches(SearchStarted())
            .dispatches(SearchFinished(books: ["swift"]))
            .wait(timeout: 5)
    }

    @Test func asyncWaitDoesNotBlockTheTask() async {
        let expectation = await ExpectThunk(searchLater("swift"))
            .getsState(LibraryState())
            .dispatches(SearchStarted())
            .dispatches(SearchFinished(books: ["swift"]))
            .wait(timeout: 5)
        #expect(expectation.dispatched.count == 2)
    }

    @Test func extraDispatchesAreRecordedWithoutFailing() {
        let expectation = ExpectThunk(incrementTwice).dispatches(Increment()).run()
        #expect(expectation.dispatched.count == 2)
    }

    @Test func aDifferentActionFailsWithBothActions() {
        withKnownIssue {
            ExpectThunk(incrementTwice)
                .dispatches(SearchStarted())
                .dispatches(Increment())
                .run()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("does not equal") && $0.rawValue.contains("SearchStarted")
            }
        }
    }

    @Test func aWrongDispatchFromAnotherThreadIsReportedToTheTest() {
        let line = #line + 5
        withKnownIssue {
            ExpectThunk(searchLater("swift"))
                .getsState(LibraryState())
                .dispatches(SearchStarted())
                .dispatches(SearchFinished(books: ["kotlin"]))
                .wait(timeout: 5)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("books[0]: \"kotlin\" → \"swift\"") }
        }
    }

    @Test func anUnfulfilledDispatchFailsAtItsLine() {
        let line = #line + 5
        withKnownIssue {
            ExpectThunk(incrementTwice)
                .dispatches(Increment())
                .dispatches(Increment())
                .dispatches(Increment())
                .run()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("Unfulfilled dispatches") }
        }
    }

    @Test func anUnusedMockedStateFails() {
        withKnownIssue {
            ExpectThunk(incrementTwice)
                .getsState(LibraryState())
                .dispatches(Increment())
                .dispatches(Increment())
                .run()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unfulfilled getsState") }
        }
    }

    @Test func waitTimesOutWithAClearMessage() {
        let neverDispatches = Thunk<LibraryState> { _, _ in }
        withKnownIssue {
            ExpectThunk(neverDispatches).dispatches(Increment()).wait(timeout: 0.01)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("timed out after 0.01 s") }
                || issue.comments.contains { $0.rawValue.contains("Unfulfilled dispatches") }
        }
    }
}

@Suite(.timeLimit(.minutes(3))) struct ExpectAsyncThunkTests {
    @Test func runReturnsTheBodysValueAndChecksDispatches() async throws {
        let count = try await ExpectAsyncThunk(searchBooks(in: Catalog()))
            .getsState(LibraryState(query: "swift"))
            .dispatches(SearchStarted())
            .dispatches(SearchFinished(books: ["Swift in Depth", "Advanced Swift"]))
            .run()
        #expect(count == 2)
    }

    @Test func failuresAreCheckedToo() async throws {
        let count = try await ExpectAsyncThunk(searchBooks(in: Catalog(fails: true)))
            .getsState(LibraryState(query: "swift"))
            .dispatches(SearchStarted())
            .dispatches(SearchFailed(message: "The catalog is unavailable."))
            .run()
        #expect(count == 0)
    }

    @Test func aWrongDispatchFails() async throws {
        try await withKnownIssue {
            try await ExpectAsyncThunk(searchBooks(in: Catalog()))
                .getsState(LibraryState(query: "swift"))
                .dispatches(SearchStarted())
                .dispatches(SearchFinished(books: []))
                .run()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Swift in Depth") }
        }
    }

    @Test func aDispatchOfTheRightTypeShowsItsDifferences() async throws {
        try await withKnownIssue {
            try await ExpectAsyncThunk(searchBooks(in: Catalog()))
                .getsState(LibraryState(query: "swift"))
                .dispatches(SearchStarted())
                .dispatches(SearchFinished(books: ["Swift in Depth", "Swift"]))
                .run()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("books[1]: \"Swift\" → \"Advanced Swift\"") }
        }
    }

    @Test func cancellingTheTestTaskCancelsTheBody() async {
        let slow = searchBooks(in: Catalog(delayNanoseconds: 60_000_000_000))
        let run = Task {
            try await ExpectAsyncThunk(slow)
                .getsState(LibraryState(query: "swift"))
                .dispatches(SearchStarted())
                .run()
        }
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value(waitingFor: "the cancelled run") }
    }
}
