import TestSupport
import Testing

/// Waits until `condition` holds, for at most `seconds` of time the test could run: TestSupport's
/// `eventually`, whose deadline doesn't count time a busy machine kept the waiter from running.
/// For the moment a task the test started has reached a state the test can see (a sleeper
/// registered on a `TestClock`), never to show that something did not happen.
func pollUntil(
    _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    try await eventually(what, seconds: seconds, sourceLocation: sourceLocation) { condition() }
}
