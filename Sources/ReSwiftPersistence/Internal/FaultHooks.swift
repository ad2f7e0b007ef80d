import ReSwift

/// Places where fault-injection tests can stop a save, to send it a signal or kill it there.
///
/// Not API: it is reachable only with `@_spi(FaultInjection) import ReSwiftPersistence`, for the
/// test fixtures that prove saves survive signals. Costs one lock and a `nil` check per save.
@_spi(FaultInjection)
public enum PersistenceFaultHooks {
    private static let storedBeforeRename = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Runs in every save after the temporary file is written and before it is flushed and renamed
    /// over the file, with the file's path; signals are being held at that point.
    public static var beforeRename: (@Sendable (String) -> Void)? {
        get { storedBeforeRename.current }
        set { storedBeforeRename.withLock { $0 = newValue } }
    }
}

enum FaultHooks {
    static func runBeforeRename(_ path: String) {
        PersistenceFaultHooks.beforeRename?(path)
    }
}
