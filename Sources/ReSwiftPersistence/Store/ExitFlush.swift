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
final class ExitFlushRegistry: Sendable {
    static let shared = ExitFlushRegistry()

    private struct Entry {
        weak var flushable: (any ExitFlushable)?
    }

    /// The registrations; lives inside its lock.
    private struct Registrations {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Whether the `atexit` handler was installed.
        var installed = false
    }

    private let registrations = Locked(Registrations())

    func register(_ flushable: any ExitFlushable) {
        let install: Bool = registrations.withLock { registrations in
            registrations.entries = registrations.entries.filter { $0.value.flushable != nil }
            registrations.entries[ObjectIdentifier(flushable)] = Entry(flushable: flushable)
            defer { registrations.installed = true }
            return !registrations.installed
        }
        if install {
            atexit { ExitFlushRegistry.shared.flushAll() }
        }
    }

    func unregister(_ flushable: any ExitFlushable) {
        registrations.withLock { _ = $0.entries.removeValue(forKey: ObjectIdentifier(flushable)) }
    }

    /// Flushes every live registered persister, outside the registry's lock.
    func flushAll() {
        let live = registrations.withLock { $0.entries.values.compactMap(\.flushable) }
        for flushable in live { flushable.flush() }
    }
}
