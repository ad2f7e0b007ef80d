@_spi(ReSwiftInternal) import ReSwift

/// Places where fault-injection tests can stop a save, to send it a signal or kill it there, watch
/// what it flushed to disk, or make an open fail as a full or read-only disk would.
///
/// Not API: it is reachable only with `@_spi(FaultInjection) import ReSwiftPersistence`, for the
/// test fixtures that prove saves survive signals and sync before they rename, and for the tests
/// of what a full or read-only disk is reported as. Costs one lock and
/// a `nil` check per hook per save (and per open).
@_spi(FaultInjection)
public enum PersistenceFaultHooks {
    private static let storedBeforeRename = Locked<(@Sendable (String) -> Void)?>(nil)
    private static let storedAfterSync = Locked<(@Sendable (String) -> Void)?>(nil)
    private static let storedOpenFailure = Locked<(@Sendable (String, Int32) -> Int32?)?>(nil)

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

    /// Runs before every `open` of a persisted file, its lock file or its temporary file, with the
    /// path and the open flags; an `errno` it returns makes that open fail with it (`ENOSPC` for a
    /// full disk, `EROFS` for a read-only mount), `nil` lets it go ahead.
    public static var openFailure: (@Sendable (_ path: String, _ flags: Int32) -> Int32?)? {
        get { storedOpenFailure.current }
        set { storedOpenFailure.withLock { $0 = newValue } }
    }
}

enum FaultHooks {
    static func runBeforeRename(_ path: String) {
        PersistenceFaultHooks.beforeRename?(path)
    }

    static func runAfterSync(_ path: String) {
        PersistenceFaultHooks.afterSync?(path)
    }

    static func injectedOpenFailure(_ path: String, _ flags: Int32) -> Int32? {
        PersistenceFaultHooks.openFailure?(path, flags)
    }
}
