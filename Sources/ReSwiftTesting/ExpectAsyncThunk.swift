import Foundation
import ReSwift
@_spi(Testing) import ReSwiftThunk

/// Runs an `AsyncThunk` against mocked states and checks what it dispatches,
/// without a store: the async form of ``ExpectThunk``.
///
/// ```swift
/// let count = try await ExpectAsyncThunk(loadBooks)
///     .getsState(AppState(query: "swift"))
///     .dispatches(SearchStarted())
///     .dispatches { action in #expect(action is SearchFinished) }
///     .run()
/// #expect(count == 3)
/// ```
///
/// ``run()`` awaits the thunk's body on the calling task (so
/// cancelling the test cancels it), returns its value, and then fails for every expectation the
/// body left unfulfilled, at the line that declared it.
public final class ExpectAsyncThunk<State, Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the only state is `expectations`, which locks every access, and the
    // thunk, which is Sendable.
    private let thunk: AsyncThunk<State, Value>
    private let expectations = ThunkExpectations<State>()

    /// Creates an expectation for an async thunk.
    ///
    /// - Parameter thunk: The thunk to run.
    public init(_ thunk: AsyncThunk<State, Value>) {
        self.thunk = thunk
    }

    /// Every action the thunk dispatched so far, expected or not, in order.
    public var dispatched: [Action] {
        expectations.dispatched
    }

    /// Expects the thunk's next dispatch to be an action equal to `expected`.
    ///
    /// - Parameters:
    ///   - expected: The action the thunk should dispatch next.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: This object, to chain more expectations.
    @discardableResult
    public func dispatches<A: Action & Equatable>(
        _ expected: A,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        expectations.expectDispatch(
            description: "\(expected)", site: site, check: equalityCheck(expected, site: site))
        return self
    }

    /// Expects the thunk to dispatch once more, and checks that action with your own assertions.
    ///
    /// - Parameters:
    ///   - assertion: Called with the dispatched action; use `#expect` or `XCTAssert`.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: This object, to chain more expectations.
    @discardableResult
    public func dispatches(
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        dispatch assertion: @escaping DispatchFunction
    ) -> Self {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        expectations.expectDispatch(description: "dispatch assertion", site: site, check: assertion)
        return self
    }

    /// Makes the thunk's next `getState()` call return `state`.
    ///
    /// - Parameters:
    ///   - state: The state to return.
    ///   - fileID: The caller's file, where failures are reported; leave the default.
    ///   - filePath: The caller's file path, where failures are reported; leave the default.
    ///   - line: The caller's line, where failures are reported; leave the default.
    ///   - column: The caller's column, where failures are reported; leave the default.
    /// - Returns: This object, to chain more expectations.
    @discardableResult
    public func getsState(
        _ state: State,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        expectations.expectGetState(
            state, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return self
    }

    /// Runs the thunk's body to the end, then checks that every expectation was met.
    ///
    /// - Returns: The value the body returned.
    /// - Throws: The error the body threw (the expectations are checked first).
    @discardableResult
    public func run() async throws -> Value {
        let expectations = self.expectations
        defer { expectations.failLeftovers() }
        return try await thunk.runBody(
            dispatch: { expectations.dispatch($0) },
            getState: { expectations.getState() }
        )
    }
}
