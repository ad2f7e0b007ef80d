import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// Where a ``PersistedFile`` without an `errorHandler` of its own reports its problems,
/// process-wide, in the package's one hook scheme (see ReSwift's `ReSwiftHooks`).
public enum PersistenceHooks {
    private static let errors = Locked<@Sendable (PersistenceError) -> Void>(defaultErrorHandler)

    /// Receives the problems of every ``PersistedFile`` created without its own `errorHandler`.
    ///
    /// The default writes ``PersistenceError/message`` to standard error. Set it once at launch,
    /// for example to show the message in the app's status line; tests should pass a handler to
    /// each file instead of changing this one.
    public static var errorHandler: @Sendable (PersistenceError) -> Void {
        get { errors.current }
        set { errors.withLock { $0 = newValue } }
    }

    /// The default ``errorHandler``: writes the problem's message to standard error, on a line of
    /// its own.
    public static let defaultErrorHandler: @Sendable (PersistenceError) -> Void = { problem in
        LibraryOutput.message("\(problem.message)\n")
    }
}
