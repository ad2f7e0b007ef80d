#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The per-thread context is reached through a `pthread` key, which holds a raw pointer: the
// context is passed to it as an unmanaged reference (one retain, released by the key's
// destructor when the thread ends). Each thread reaches only its own context.

/// Per-thread instrumentation data: the thread's description, looked up once, and the origin of
/// the action being processed on it (``DispatchOrigin/current``).
///
/// Reached through a `pthread` key; each thread has its own, so nothing here is shared and no
/// lock is needed. The key's destructor releases it when the thread ends.
final class ThreadContext {
    /// The thread, looked up when the context is created.
    let thread = DispatchThread.lookUp()

    /// The origin of the action an instrumented store is processing on this thread, if any.
    /// Only this thread reaches it, so it needs no dynamic exclusivity check.
    @exclusivity(unchecked) var origin: DispatchOrigin?

    /// The calling thread's context if it has one, without creating it.
    static var existing: ThreadContext? {
        pthread_getspecific(threadContextKey).map {
            Unmanaged<ThreadContext>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The calling thread's context, created on first use.
    static var current: ThreadContext {
        if let existing = pthread_getspecific(threadContextKey) {
            return Unmanaged<ThreadContext>.fromOpaque(existing).takeUnretainedValue()
        }
        let context = ThreadContext()
        // The key holds one retain, released by `releaseThreadContext` when the thread ends.
        let result = pthread_setspecific(threadContextKey, Unmanaged.passRetained(context).toOpaque())
        precondition(result == 0, "Internal inconsistency: pthread_setspecific failed with \(result)")
        return context
    }
}

#if canImport(Darwin)
    private func releaseThreadContext(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<ThreadContext>.fromOpaque(pointer).release()
    }
#else
    private func releaseThreadContext(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<ThreadContext>.fromOpaque(pointer).release()
    }
#endif

/// The key of each thread's `ThreadContext`, created on first use (a global's initializer runs
/// once, whichever thread gets there first).
private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, releaseThreadContext)
    precondition(result == 0, "Internal inconsistency: pthread_key_create failed with \(result)")
    return key
}()
