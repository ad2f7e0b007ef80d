#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A place in the source code that dispatched an action: `#fileID` and `#line`.
///
/// ``Store/dispatch(_:file:line:)`` records one, and while the store processes that action,
/// ``current`` holds it on the dispatching thread, for middleware that shows where an action came
/// from (the logging middleware, `SessionRecorder`, `TestStore`'s failure messages).
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `"MemoryGameModel/Thunks.swift"`.
    public let fileID: StaticString

    /// The line.
    public let line: UInt

    /// Creates a call site; the defaults are the caller's.
    ///
    /// - Parameters:
    ///   - fileID: The file, as `#fileID`.
    ///   - line: The line, as `#line`.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `"fileID:line"`, e.g. `"MemoryGameModel/Thunks.swift:42"`.
    public var description: String { "\(fileID):\(line)" }

    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID.description)
        hasher.combine(line)
    }

    /// The call site of the action a store is processing on this thread (its middleware, the
    /// reducer, the subscribers), when it was dispatched with one; otherwise, and outside any
    /// dispatch, `nil`. It never shows another action's call site: an action dispatched without
    /// one, while another is processed, hides the outer one.
    ///
    /// ```swift
    /// let logCallSites: Middleware<AppState> = { _, _ in
    ///     { next in
    ///         { action in
    ///             if let site = CallSite.current { print(action, "from", site) }
    ///             next(action)
    ///         }
    ///     }
    /// }
    /// ```
    public static var current: CallSite? { CallSiteSlot.current.current }

    /// Runs `body`, in which the first action that a store's middleware `dispatch` function
    /// (the one middleware and thunks receive) gets on this thread is dispatched with this call
    /// site, as ``Store/dispatch(_:file:line:)`` does. For the package's thunks, whose bodies
    /// only have that function.
    ///
    /// - Parameter body: Calls the middleware's `dispatch` function.
    package func _dispatching(_ body: () -> Void) {
        let slot = CallSiteSlot.current
        let saved = slot.pending
        slot.pending = self
        defer { slot.pending = saved }
        body()
    }

    /// Takes the call site ``_dispatching(_:)`` set on this thread, if any.
    static func takePending() -> CallSite? {
        let slot = CallSiteSlot.current
        defer { slot.pending = nil }
        return slot.pending
    }
}

/// A thread's call sites: the one of the action being processed, and the one waiting for the
/// next middleware dispatch. Reached through a `pthread` key (one retain, released by the key's
/// destructor when the thread ends); only its thread reaches it, so it needs no lock.
package final class CallSiteSlot {
    var current: CallSite?
    var pending: CallSite?

    /// The calling thread's slot, created on first use. A probe keeps it, to make each action's
    /// call site current without looking the slot up again.
    package static var current: CallSiteSlot {
        if let slot = pthread_getspecific(callSiteKey) {
            return Unmanaged<CallSiteSlot>.fromOpaque(slot).takeUnretainedValue()
        }
        let slot = CallSiteSlot()
        let result = pthread_setspecific(callSiteKey, Unmanaged.passRetained(slot).toOpaque())
        precondition(result == 0, "Internal inconsistency: pthread_setspecific failed with \(result)")
        return slot
    }

    /// Runs `body` with `callSite` as its thread's ``CallSite/current`` one, restoring the
    /// previous one afterwards; to call on that thread.
    package func withCurrent(_ callSite: CallSite?, _ body: () -> Void) {
        let saved = current
        current = callSite
        defer { current = saved }
        body()
    }
}

/// The key of each thread's `CallSiteSlot`, created on first use; its destructor releases the
/// slot (the pointer is optional on Linux only, hence the conversion).
private let callSiteKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) {
        Unmanaged<AnyObject>.fromOpaque(($0 as UnsafeMutableRawPointer?)!).release()
    }
    precondition(result == 0, "Internal inconsistency: pthread_key_create failed with \(result)")
    return key
}()
