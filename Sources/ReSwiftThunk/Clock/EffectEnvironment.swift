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
    /// The effect the current task runs for; `nil` outside one.
    @TaskLocal static var current: EffectScope?

    /// The clock of the middleware running the current effect; ``ContinuousEffectClock``
    /// outside one.
    public static var clock: any EffectClock {
        current?.clock ?? ContinuousEffectClock()
    }

    /// Sleeps for `duration` on ``clock``.
    ///
    /// - Parameters:
    ///   - duration: How long to sleep, zero or more; a negative or NaN duration is a
    ///     ``ThunkMisuse`` (see ``EffectClock/sleep(for:fileID:line:)``), reported to the
    ///     misuse handler of the middleware running the effect.
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
}

/// What the middleware running an effect (a thunk's task, a listener's run) hands the effect's
/// task, in ``EffectEnvironment/current``.
struct EffectScope: Sendable {
    /// The middleware's clock.
    var clock: any EffectClock
    /// The run as a ``TestClock`` counts it; `nil` on other clocks.
    var work: EffectWork?
    /// The middleware's misuse handler.
    var misuseHandler: @Sendable (ThunkMisuse) -> Void
}
