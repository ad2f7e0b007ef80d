import ReSwift

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Per-thread instrumentation data: the thread's description, looked up once, the origin of the
/// action being processed on it (``DispatchOrigin/current``), and its call sites.
///
/// Reached through a `pthread` key, which holds it as an unmanaged reference (one retain,
/// released by the key's destructor when the thread ends). Each thread reaches only its own, so
/// nothing here is shared and no lock is needed.
final class ThreadContext {
    /// The thread, looked up when the context is created.
    let thread = DispatchThread.lookUp()

    /// The thread's call sites (`CallSite.current`), kept so that a dispatch looks up only this
    /// context.
    let callSites = CallSiteSlot.current

    /// The origin of the action an instrumented store is processing on this thread, if any.
    /// Only ever read or written whole, in one step, so that a release build checks no access
    /// to it at run time.
    var origin: DispatchOrigin?

    /// The calling thread's context if it has one, without creating it.
    static var existing: ThreadContext? {
        pthread_getspecific(threadContextKey).map {
            Unmanaged<ThreadContext>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The calling thread's context, created on first use.
    @inline(__always)
    static var current: ThreadContext {
        withCurrent { $0 }
    }

    /// Calls `body` with the calling thread's context, created on first use. The context the
    /// thread has is lent as the key holds it, without a retain and a release.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ThreadContext) -> Result) -> Result {
        if let existing = pthread_getspecific(threadContextKey) {
            return Unmanaged<ThreadContext>.fromOpaque(existing)._withUnsafeGuaranteedRef(body)
        }
        let context = ThreadContext()
        let result = pthread_setspecific(threadContextKey, Unmanaged.passRetained(context).toOpaque())
        precondition(result == 0, "Internal inconsistency: pthread_setspecific failed with \(result)")
        return body(context)
    }
}

/// The key of each thread's `ThreadContext`, created on first use (a global's initializer runs
/// once, whichever thread gets there first); its destructor releases the context (the pointer is
/// optional on Linux only, hence the conversion).
private let threadContextKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) {
        Unmanaged<ThreadContext>.fromOpaque(($0 as UnsafeMutableRawPointer?)!).release()
    }
    precondition(result == 0, "Internal inconsistency: pthread_key_create failed with \(result)")
    return key
}()
