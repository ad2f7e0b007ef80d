/// A value that is only read and written while holding a ``Lock``.
///
/// Shared by the package's modules (`package` access: not part of the public API), for state off
/// the store's hot paths: the async and Observation bridges, thunks, and the testing helpers.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `lock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    /// Creates a locked value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }

    /// A copy of the value.
    package var current: Value {
        withLock { $0 }
    }
}
