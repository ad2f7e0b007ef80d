import Foundation
import ReSwift

/// The expectations ``ExpectThunk`` and ``ExpectAsyncThunk`` share: the states the thunk reads
/// and the actions it dispatches, declared in order and checked when it runs.
///
/// You don't create this class; create an ``ExpectThunk`` or an ``ExpectAsyncThunk``.
public class ThunkExpectation<State>: @unchecked Sendable {
    // @unchecked Sendable: the only state is `expectations`, which locks every access.
    let expectations = ThunkExpectations<State>()

    init() {}

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
            description: "\(expected)", site: site, check: equalityCheck(expected))
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
        expectations.expectDispatch(
            description: "dispatch assertion", site: site, check: .assertion(assertion))
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
}
