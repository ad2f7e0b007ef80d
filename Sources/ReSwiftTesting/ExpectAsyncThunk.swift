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
public final class ExpectAsyncThunk<State, Value: Sendable>: ThunkExpectation<State>, @unchecked Sendable {
    // @unchecked Sendable: the only state is the inherited `expectations`, which locks every
    // access, and the thunk, which is Sendable.
    private let thunk: AsyncThunk<State, Value>

    /// Creates an expectation for an async thunk.
    ///
    /// - Parameter thunk: The thunk to run.
    public init(_ thunk: AsyncThunk<State, Value>) {
        self.thunk = thunk
        super.init()
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
