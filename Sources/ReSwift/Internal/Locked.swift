#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that is only read and written while holding a lock: the package's one lock type.
///
/// Shared by the package's modules (`package` access: not part of the public API). Built on
/// `pthread_mutex_t`, which exists on every platform the package supports (unlike
/// `Synchronization.Mutex`, which needs macOS 15 / iOS 18). The mutex lives in its own
/// allocation so that its address never moves.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
///
/// A `Locked<Void>` is a plain lock, which may be recursive (see ``init(recursive:)``).
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `mutex`.
package final class Locked<Value>: @unchecked Sendable {
    // Inlinable in the package's other modules (the profiler takes one per dispatch). `value`
    // is only touched holding `mutex`, which makes each access exclusive: no dynamic
    // exclusivity check.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Creates a locked value.
    package convenience init(_ value: Value) {
        self.init(value, recursive: false)
    }

    private init(_ value: Value, recursive: Bool) {
        self.value = value
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "Internal inconsistency: pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    @inline(__always)
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

extension Locked where Value == Void {
    /// Creates a plain lock; a recursive one may be taken again by the thread that holds it.
    package convenience init(recursive: Bool = false) {
        self.init((), recursive: recursive)
    }

    /// Runs `body` holding the lock.
    @inlinable
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Takes the lock, for code that can't hold it in a closure; pair it with ``unlock()``.
    @inlinable
    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock taken with ``lock()``.
    @inlinable
    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

/// A plain lock: the same type as `Locked<Void>`, by the name the module's code has used.
typealias Lock = Locked<Void>
