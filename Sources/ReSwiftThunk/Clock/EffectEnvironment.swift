/// What an effect (a thunk's body, a listener) can ask of the store it runs for, beyond
/// `dispatch` and `getState`: for now, the clock of the middleware that runs it.
///
/// ```swift
/// let poll = AsyncThunk<AppState, Void>(id: "poll") { dispatch, _ in
///     while true {
///         dispatch(PollTick())
///         try await EffectEnvironment.sleep(for: .seconds(2))   // the store's clock
///     }
/// }
/// ```
///
/// Inside a thunk the thunk middleware started, or a listener the listener middleware runs,
/// ``clock`` is that middleware's clock, so a test that gives the store a ``TestClock`` (or
/// uses `TestStore`) advances it instead of waiting. Elsewhere it is the real clock.
public enum EffectEnvironment {
    @TaskLocal static var currentClock: (any EffectClock)?

    /// The clock of the middleware running the current effect; ``ContinuousEffectClock``
    /// outside one.
    public static var clock: any EffectClock {
        currentClock ?? ContinuousEffectClock()
    }

    /// Sleeps for `duration` on ``clock``.
    ///
    /// - Parameters:
    ///   - duration: How long to sleep, zero or more; a negative or NaN duration is a
    ///     ``ThunkMisuse`` (see ``EffectClock/sleep(for:fileID:line:)``).
    ///   - fileID: The caller's file, named in the misuse; leave the default.
    ///   - line: The caller's line, named in the misuse; leave the default.
    /// - Throws: `CancellationError` when the effect is cancelled while it sleeps (by id, or by
    ///   cancelling the task that awaits it); the ``ThunkMisuse`` for a bad duration.
    public static func sleep(
        for duration: EffectDuration, fileID: StaticString = #fileID, line: UInt = #line
    ) async throws {
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await clock.sleep(for: duration, fileID: fileID, line: line)
    }

    /// Runs `body` with `clock` as the effect clock, and as work that a ``TestClock`` waits
    /// for when it advances (see ``EffectWork``).
    static func run<Result>(
        on clock: any EffectClock, work: EffectWork?, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await $currentClock.withValue(clock) {
            try await EffectWork.$current.withValue(work, operation: body)
        }
    }
}
