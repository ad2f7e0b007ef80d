import ReSwiftThunk
import Testing

/// Waits until `condition` holds, checking every millisecond, for at most `seconds`; records an
/// issue naming `what` and throws otherwise. For the moment a task the test started has reached
/// a state the test can see (a sleeper registered on a `TestClock`), never to show that
/// something did not happen.
func pollUntil(
    _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let clock = ContinuousEffectClock()
    let deadline = clock.now + .seconds(seconds)
    while !condition() {
        guard clock.now < deadline else {
            Issue.record("Timed out after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        try await Task.sleep(nanoseconds: 1_000_000)
    }
}
