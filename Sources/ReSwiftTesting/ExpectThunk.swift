import Foundation
import ReSwift
import ReSwiftThunk

/// Runs a `Thunk` against mocked states and checks what it dispatches, without a
/// store. Compatible with ReSwift-Thunk's `ExpectThunk`.
///
/// Declare the states the thunk reads (``ThunkExpectation/getsState(_:fileID:file:line:column:)``, one per
/// `getState()` call, in order; `getState()` returns `nil` once they run out) and the actions it
/// dispatches (``ThunkExpectation/dispatches(_:fileID:file:line:column:)``, one per `dispatch`, in order), then run
/// it:
///
/// ```swift
/// ExpectThunk(fetchUser)
///     .getsState(AppState(isLoading: false))
///     .dispatches(LoadingStarted())
///     .dispatches { action in
///         #expect((action as? UserLoaded)?.user.name == "Ada")
///     }
///     .wait()          // or .run() when the thunk dispatches everything synchronously
/// ```
///
/// An expectation the thunk leaves unfulfilled fails the test at the line that declared it.
/// Dispatches beyond the expected ones are recorded in ``ThunkExpectation/dispatched`` without failing. Failures
/// go to Swift Testing or XCTest, whichever runs the test.
public final class ExpectThunk<State>: ThunkExpectation<State>, @unchecked Sendable {
    // @unchecked Sendable: the only state is the inherited `expectations`, which locks every
    // access, and the thunk, which is only read.
    private let thunk: Thunk<State>

    /// Creates an expectation for a thunk.
    ///
    /// - Parameter thunk: The thunk to run.
    public init(_ thunk: Thunk<State>) {
        self.thunk = thunk
        super.init()
    }

    /// Runs the thunk and checks, as soon as its body returns, that every expectation was met.
    ///
    /// Use it for thunks that dispatch everything before their body returns; for thunks that
    /// dispatch later (from a callback), use `wait(timeout:)`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: This object.
    @discardableResult
    public func run(
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        start()
        expectations.failLeftovers()
        return self
    }

    /// Runs the thunk and waits, blocking the calling thread, until it has made every expected
    /// dispatch or `timeout` seconds passed.
    ///
    /// In Swift Testing, and in any `async` test, use the `async` overload (`await …wait()`):
    /// Swift Testing runs even synchronous tests on the shared concurrency threads, and blocking
    /// them can hold up the very work the thunk waits for.
    ///
    /// - Parameters:
    ///   - seconds: How long to wait.
    ///   - description: Names the wait in the timeout failure.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: This object.
    @discardableResult
    public func wait(
        timeout seconds: TimeInterval = 1, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        description: String = "ExpectThunk"
    ) -> Self {
        start()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let allDispatched = expectations.waitForDispatches(timeout: seconds)
        return finish(waited: allDispatched, seconds, description, site)
    }

    /// Runs the thunk and waits, without blocking a thread, until it has made every expected
    /// dispatch or `timeout` seconds passed. The form to use in `async` tests; the parameters are
    /// the blocking `wait`'s.
    ///
    /// - Returns: This object.
    @discardableResult
    public func wait(
        timeout seconds: TimeInterval = 1, fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        description: String = "ExpectThunk"
    ) async -> Self {
        start()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let allDispatched = await expectations.waitForDispatches(timeout: seconds)
        return finish(waited: allDispatched, seconds, description, site)
    }

    /// Ends a `wait`: reports a timeout unless every expected dispatch was made, then what was
    /// left unfulfilled.
    private func finish(
        waited allDispatched: Bool, _ seconds: TimeInterval, _ description: String, _ site: CallSite
    ) -> Self {
        if !allDispatched {
            reportFailure(
                "Asynchronous wait failed: \(description) timed out after \(seconds) s with "
                    + "\(expectations.pendingDispatches) expected dispatch(es) unfulfilled; the thunk "
                    + "dispatched \(describe(expectations.dispatched)). Raise the timeout if the thunk "
                    + "is slow, or check that it dispatches what you expect.",
                at: site)
        }
        expectations.failLeftovers()
        return self
    }

    private func start() {
        let expectations = self.expectations
        let middleware: Middleware<State> = createThunkMiddleware()
        let run = middleware({ expectations.dispatch($0) }, { expectations.getState() })({ _ in })
        run(thunk)
    }
}
