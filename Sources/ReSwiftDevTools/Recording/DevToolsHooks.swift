@_spi(ReSwiftInternal) import ReSwift

/// Where a ``SessionRecorder`` without an `errorHandler` of its own reports the actions it could
/// not write, process-wide, in the package's one hook scheme (see ReSwift's `ReSwiftHooks`).
public enum DevToolsHooks {
    private static let errors = Locked<@Sendable (SessionRecorder.Problem) -> Void>(defaultErrorHandler)

    /// Receives the problems of every ``SessionRecorder`` created without its own `errorHandler`,
    /// on the dispatching thread. The default, ``defaultErrorHandler``, writes them to standard
    /// error.
    public static var errorHandler: @Sendable (SessionRecorder.Problem) -> Void {
        get { errors.current }
        set { errors.withLock { $0 = newValue } }
    }

    /// The default ``errorHandler``: writes the problem's message to standard error, on a line of
    /// its own.
    public static let defaultErrorHandler: @Sendable (SessionRecorder.Problem) -> Void = { problem in
        LibraryOutput.message(problem.message + "\n")
    }
}
