import Foundation

/// Places where fault-injection tests can stop a save, to send it a signal or kill it there.
///
/// Not API: it is reachable only with `@_spi(FaultInjection) import ReSwiftPersistence`, for the
/// test fixtures that prove saves survive signals. Costs one lock and a `nil` check per save.
@_spi(FaultInjection)
public enum PersistenceFaultHooks {
    private static let lock = NSLock()
    // nonisolated(unsafe): read and written only while holding `lock`.
    nonisolated(unsafe) private static var storedBeforeRename: (@Sendable (String) -> Void)?

    /// Runs in every save after the temporary file is written and before it is flushed and renamed
    /// over the file, with the file's path; signals are being held at that point.
    public static var beforeRename: (@Sendable (String) -> Void)? {
        get { lock.withLock { storedBeforeRename } }
        set { lock.withLock { storedBeforeRename = newValue } }
    }
}

enum FaultHooks {
    static func runBeforeRename(_ path: String) {
        PersistenceFaultHooks.beforeRename?(path)
    }
}
