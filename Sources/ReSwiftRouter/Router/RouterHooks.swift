@_spi(ReSwiftInternal) import ReSwift

/// Where a ``Router`` without an `errorHandler` of its own reports the ``RoutingIssue``s it meets,
/// process-wide, in the package's one hook scheme (see ReSwift's `ReSwiftHooks`).
public enum RouterHooks {
    private static let errors = Locked<@Sendable (RoutingIssue) -> Void>(defaultErrorHandler)

    /// Called, on the thread where a router noticed it, with each ``RoutingIssue`` of a router
    /// made without an `errorHandler`. The default, ``defaultErrorHandler``, writes the issue to
    /// standard error.
    public static var errorHandler: @Sendable (RoutingIssue) -> Void {
        get { errors.current }
        set { errors.withLock { $0 = newValue } }
    }

    /// The default ``errorHandler``: writes the issue to standard error, on a line of its own.
    public static let defaultErrorHandler: @Sendable (RoutingIssue) -> Void = { issue in
        LibraryOutput.message(issue.description + "\n")
    }
}
