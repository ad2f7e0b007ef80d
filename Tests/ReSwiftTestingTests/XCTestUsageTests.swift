import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import XCTest

/// The testing helpers used from XCTest, the way ReSwift and ReSwift-Thunk users write tests.
final class XCTestUsageTests: XCTestCase {
    func testTestStoreInASynchronousTest() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(SetQuery(query: "swift")) { $0.query = "swift" }
        store.send(incrementTwice)
        store.receive(Increment()) { $0.count = 1 }
        store.receive(Increment.self) { $0.count = 2 }
    }

    func testTestStoreInAnAsyncTest() async throws {
        let store = TestStore(initialState: LibraryState(query: "swift"), reducer: libraryReducer)
        let found = try await store.send(searchBooks(in: Catalog()))
        XCTAssertEqual(found, 2)
        await store.receive(SearchStarted()) { $0.isLoading = true }
        await store.receive(SearchFinished.self) {
            $0.isLoading = false
            $0.books = ["Swift in Depth", "Advanced Swift"]
        }
        await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
    }

    func testBlockingReceiveWaitsForActionsFromAnotherThread() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        store.send(searchLater("swift"))
        store.receive(SearchStarted()) { $0.isLoading = true }
        store.receive(SearchFinished(books: ["swift"]), timeout: 5) {
            $0.isLoading = false
            $0.books = ["swift"]
        }
    }

    func testExpectThunkAsInReSwiftThunk() {
        ExpectThunk(searchLater("swift"))
            .getsState(LibraryState())
            .dispatches(SearchStarted())
            .dispatches { action in
                XCTAssertEqual((action as? SearchFinished)?.books, ["swift"])
            }
            .wait(timeout: 5)
    }

    func testActionRecorder() {
        let store = Store(reducer: libraryReducer, state: LibraryState())
        let recorder = ActionRecorder()
        recorder.capture(store)
        store.dispatch(SetQuery(query: "a"))
        XCTAssertEqual(recorder.last(SetQuery.self)?.query, "a")
    }
}

/// Checks that failures reach XCTest, at the caller's line, when no Swift Testing test runs.
final class XCTestFailureRoutingTests: XCTestCase {
    private struct RecordedFailure {
        var message: String
        var line: Int
    }

    private var recorded: [RecordedFailure] = []
    private var isCapturing = false

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            guard isCapturing else { return super.record(issue) }
            recorded.append(
                RecordedFailure(
                    message: issue.compactDescription,
                    line: issue.sourceCodeContext.location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
            expected: Bool
        ) {
            guard isCapturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            recorded.append(RecordedFailure(message: description, line: lineNumber))
        }
    #endif

    func testTestStoreFailuresGoToXCTestAtTheCallersLine() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        isCapturing = true
        store.send(Increment()) { $0.count = 2 }
        let line = #line - 1
        isCapturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.message.contains("count: 2 → 1") == true, "\(recorded)")
    }

    func testExpectThunkFailuresGoToXCTest() {
        isCapturing = true
        ExpectThunk(incrementTwice).dispatches(SearchStarted()).run()
        isCapturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.message.contains("does not equal") == true, "\(recorded)")
    }
}
