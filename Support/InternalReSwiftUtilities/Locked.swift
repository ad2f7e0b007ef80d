#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that is only read and written while holding a lock: the package's one lock type.
///
/// Shared by every module of the package, ReSwift and its satellites as well as the `Support`
/// targets and the test helpers: not part of the public API. Built on
/// `pthread_mutex_t`, which exists on every platform the package supports (unlike
/// `Synchronization.Mutex`, macOS 15 / iOS 18, and Foundation's `NSLocking.withLock`, macOS 14 /
/// iOS 17). The mutex lives in its own allocation so that its address never moves.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
///
/// State that a lock guards lives inside it: a `Locked<State>` of a small struct, changed through
/// ``withLock(_:)``, never a bare lock beside loose variables. A `Locked<Void>` is a plain lock,
/// which may be recursive (see ``init(recursive:)``); a `Locked` made with ``init(_:)`` is not, and
/// calling `withLock` again from inside `body` deadlocks.
///
/// `public` behind the `ReSwiftInternal` SPI rather than `package`: the compiler inlines an
/// `@inlinable package` method only inside its own module (Swift 6.3, checked with a two-module
/// package: every call stays a call to the unspecialized generic `withLock`), and the
/// satellites take this lock on every dispatch (the listener middleware, the profiler, the thunk
/// middleware). The package's modules import it with `@_spi(ReSwiftInternal) import`; ReSwift's
/// users, who import ReSwift plainly, don't see it.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `mutex`.
@_spi(ReSwiftInternal)
public final class Locked<Value>: @unchecked Sendable {
    // Inlinable in the package's other modules. `value` is only touched holding `mutex`, which
    // makes each access exclusive: no dynamic exclusivity check.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Creates a locked value.
    ///
    /// - Parameter value: The initial value.
    public convenience init(_ value: Value) {
        self.init(value, recursive: false)
    }

    /// Creates a locked value; a recursive lock may be taken again by the thread that holds it.
    ///
    /// - Parameters:
    ///   - value: The initial value.
    ///   - recursive: Whether the thread holding the lock may take it again.
    public init(_ value: Value, recursive: Bool) {
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
    ///
    /// - Parameter body: Reads or changes the value; it must not call `withLock` on this value
    ///   (unless the lock is recursive).
    /// - Returns: What `body` returns.
    @inlinable
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the value.
    public var current: Value {
        withLock { $0 }
    }
}

extension Locked where Value == Void {
    /// Creates a plain lock; a recursive one may be taken again by the thread that holds it.
    ///
    /// - Parameter recursive: Whether the thread holding the lock may take it again.
    public convenience init(recursive: Bool = false) {
        self.init((), recursive: recursive)
    }

    /// Runs `body` holding the lock.
    ///
    /// - Parameter body: The work to do while holding the lock.
    /// - Returns: What `body` returns.
    @inlinable
    @inline(__always)
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Takes the lock, for code that can't hold it in a closure; pair it with ``unlock()``.
    @inlinable
    @inline(__always)
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock taken with ``lock()``.
    @inlinable
    @inline(__always)
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
