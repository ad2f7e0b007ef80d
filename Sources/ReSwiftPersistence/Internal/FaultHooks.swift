@_spi(ReSwiftInternal) import ReSwift

/// Places where fault-injection tests can stop a save, to send it a signal or kill it there, or
/// watch what it flushed to disk.
///
/// Not API: it is reachable only with `@_spi(FaultInjection) import ReSwiftPersistence`, for the
/// test fixtures that prove saves survive signals and sync before they rename. Costs one lock and
/// a `nil` check per hook per save.
@_spi(FaultInjection)
public enum PersistenceFaultHooks {
    private static let storedBeforeRename = Locked<(@Sendable (String) -> Void)?>(nil)
    private static let storedAfterSync = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Runs in every save after the temporary file is written and before it is flushed and renamed
    /// over the file, with the file's path.
    public static var beforeRename: (@Sendable (String) -> Void)? {
        get { storedBeforeRename.current }
        set { storedBeforeRename.withLock { $0 = newValue } }
    }

    /// Runs in every save each time something was flushed to disk, with what was flushed: the
    /// temporary file's path once its data is synced (before it is renamed over the file), then
    /// the folder's path once the folder is synced (after the rename, before the save returns).
    public static var afterSync: (@Sendable (String) -> Void)? {
        get { storedAfterSync.current }
        set { storedAfterSync.withLock { $0 = newValue } }
    }
}

enum FaultHooks {
    static func runBeforeRename(_ path: String) {
        PersistenceFaultHooks.beforeRename?(path)
    }

    static func runAfterSync(_ path: String) {
        PersistenceFaultHooks.afterSync?(path)
    }
}
