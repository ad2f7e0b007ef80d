import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// Process-wide defaults for persistence problems.
public enum PersistenceHooks {
    private static let storedProblemHandler = Locked<@Sendable (PersistenceError) -> Void>(
        defaultProblemHandler)

    /// Receives the problems of every ``PersistedFile`` created without its own problem handler.
    ///
    /// The default writes ``PersistenceError/message`` to standard error. Set it once at launch,
    /// for example to show the message in the app's status line; tests should pass a handler to
    /// each file instead of changing this one.
    public static var problemHandler: @Sendable (PersistenceError) -> Void {
        get { storedProblemHandler.current }
        set { storedProblemHandler.withLock { $0 = newValue } }
    }

    /// Writes the problem's message to standard error, on a line of its own.
    public static let defaultProblemHandler: @Sendable (PersistenceError) -> Void = { problem in
        LibraryOutput.message("\(problem.message)\n")
    }
}
