@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A store's lock: serializes dispatches and subscription changes.
///
/// Recursive, so that middleware, thunks and subscribers can dispatch and subscribe from the
/// dispatching thread. Debug builds track the owner, so that code that needs the lock asserts it
/// (``assertHeld(_:)``) instead of saying so in a comment.
final class _StoreLock: @unchecked Sendable {
    // @unchecked Sendable: `owner` and `depth` are written only by the thread holding `mutex`.

    private let mutex = Locked(recursive: true)

    #if DEBUG
        private var owner: pthread_t?
        private var depth = 0
    #endif

    /// Takes the lock; pair it with ``unlock()``.
    @inline(__always)
    func lock() {
        mutex.lock()
        #if DEBUG
            owner = pthread_self()
            depth += 1
        #endif
    }

    /// Releases the lock taken with ``lock()``.
    @inline(__always)
    func unlock() {
        #if DEBUG
            depth -= 1
            if depth == 0 { owner = nil }
        #endif
        mutex.unlock()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Stops a debug build when the calling thread doesn't hold the lock.
    @inline(__always)
    func assertHeld(_ function: StaticString = #function) {
        #if DEBUG
            assert(
                owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false,
                "Internal inconsistency: \(function) needs the store's lock")
        #endif
    }
}
