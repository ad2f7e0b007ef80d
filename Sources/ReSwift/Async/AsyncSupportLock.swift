/// A value only read and written while holding a ``Lock``; used by the async and Observation
/// bridges, off the store's hot paths.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `lock`.
final class AsyncSupportLock<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
