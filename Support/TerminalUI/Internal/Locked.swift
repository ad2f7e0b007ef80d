import Foundation

/// A value guarded by a lock: every read and write goes through ``withLock(_:)``.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched while `lock` is held (see withLock).
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
