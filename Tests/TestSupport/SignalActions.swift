import InternalReSwiftUtilities

/// Runs `body` while no other test that uses this changes the process's signal actions.
///
/// Signal actions belong to the whole process, and the test targets share one process, so tests
/// that install handlers and raise signals in-process (the signal chain's, the terminal session's)
/// take turns here.
///
/// - Parameter body: The test's work with signals.
/// - Returns: What `body` returns.
public func withProcessSignalActions<Result>(_ body: () throws -> Result) rethrows -> Result {
    try processSignalActions.withLock { try body() }
}

private let processSignalActions = Locked()
