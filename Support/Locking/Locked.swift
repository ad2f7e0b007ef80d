#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that is only read and written while holding a lock: every access goes through
/// ``withLock(_:)``.
///
/// The lock type of the internal targets in `Support/`, which may not depend on ReSwift, and of
/// the `TestSupport` helpers for them. It has the shape of ReSwift's own `package` `Locked`
/// (`init(_:)`, `withLock(_:)`, `current`), which code that depends on ReSwift uses instead. Built on
/// `pthread_mutex_t`, which exists on every platform the package supports (unlike
/// `Synchronization.Mutex`, macOS 15 / iOS 18, and Foundation's `NSLocking.withLock`, macOS 14 /
/// iOS 17). Not recursive: calling `withLock` again from inside `body` deadlocks.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `mutex`.
package final class Locked<Value>: @unchecked Sendable {
    /// In its own allocation, so that its address never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates a locked value.
    ///
    /// - Parameter value: The initial value.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "Internal inconsistency: pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: Reads or changes the value; it must not call `withLock` on this value.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the value.
    package var current: Value {
        withLock { $0 }
    }
}
