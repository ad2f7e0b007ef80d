import Foundation
import ReSwift

/// Something with writes to finish before the process exits.
protocol ExitFlushable: AnyObject, Sendable {
    func flush()
}

/// The persisters to flush when the process exits through `exit()` or by returning from `main`.
///
/// A single `atexit` handler, installed with the first registration, flushes every registered
/// persister that is still alive. Signals that kill the process (SIGKILL, or SIGINT/SIGTERM without
/// a handler that calls `exit`) skip `atexit` handlers; apps that handle those signals should call
/// ``StatePersister/flush()`` or `exit` from the handler's follow-up.
///
/// iOS, tvOS and watchOS never call `exit` for an app: they suspend it in the background and later
/// end it with SIGKILL, so this handler doesn't run there. Such apps call
/// ``StatePersister/flush()`` when they move to the background (StatePersister's documentation
/// shows where); it writes only what is pending, so calling it then and again at exit costs nothing.
final class ExitFlushRegistry: @unchecked Sendable {
    static let shared = ExitFlushRegistry()

    private struct Entry {
        weak var flushable: (any ExitFlushable)?
    }

    // `entries` and `installed` are read and written only while holding `lock`.
    // Guards the fields named below; its own value is an unused Int, because ThreadSanitizer
    // reports a race on an empty (Void) value's accesses.
    private let lock = Locked(0)
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var installed = false

    func register(_ flushable: any ExitFlushable) {
        let install: Bool = lock.withLock { _ in
            entries = entries.filter { $0.value.flushable != nil }
            entries[ObjectIdentifier(flushable)] = Entry(flushable: flushable)
            defer { installed = true }
            return !installed
        }
        if install {
            atexit { ExitFlushRegistry.shared.flushAll() }
        }
    }

    func unregister(_ flushable: any ExitFlushable) {
        lock.withLock { _ in _ = entries.removeValue(forKey: ObjectIdentifier(flushable)) }
    }

    /// Flushes every live registered persister, outside the registry's lock.
    func flushAll() {
        let live = lock.withLock { _ in entries.values.compactMap(\.flushable) }
        for flushable in live { flushable.flush() }
    }
}
