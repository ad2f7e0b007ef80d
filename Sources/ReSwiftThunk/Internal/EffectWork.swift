/// One run of an effect (a thunk's task, a listener's run) that a ``TestClock`` waits for when
/// it advances: running from ``begin(on:)`` until ``end()``, except while suspended on the
/// clock or, for a listener, in `take` or `condition`.
///
/// `nil` wherever the clock is not a `TestClock`, so real clocks pay nothing. The run's task
/// carries it in ``EffectEnvironment/current``; the clock's `sleep` reads it there.
struct EffectWork: Sendable {
    let clock: TestClock
    let id: Int

    /// Starts a run on `clock`, counted as running: call on the dispatching thread, before the
    /// run's task exists, so that an advance can't find the clock idle in between.
    static func begin(on clock: any EffectClock) -> EffectWork? {
        (clock as? TestClock).map { EffectWork(clock: $0, id: $0.beginWork()) }
    }

    /// The run waits for something other than the clock's time (an action, a state).
    func suspend() { clock.suspendWork(id) }

    /// Whoever wakes a suspended run calls this first, so the run counts as running before
    /// it runs.
    func resume() { clock.resumeWork(id) }

    /// The run finished.
    func end() { clock.suspendWork(id) }
}
