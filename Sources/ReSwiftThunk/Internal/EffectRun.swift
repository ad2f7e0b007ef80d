@_spi(ReSwiftInternal) import ReSwift

/// One run of an effect that can be cancelled from outside its task: an async thunk with an id
/// (cancelled by id or by a newer thunk), or a run of a listener (cancelled by its policy, by
/// another run, or by the listener's removal). Once cancelled, the actions it dispatches are
/// dropped.
final class EffectRun: Sendable {
    private struct State {
        var isCancelled = false
        var cancelTask: (@Sendable () -> Void)?
    }

    /// Its place in the order runs started, the order they are cancelled in.
    let serial: Int
    /// What a `TestClock` counts as running (`nil` on other clocks).
    let work: EffectWork?
    private let state = Locked(State())

    init(serial: Int, work: EffectWork?) {
        self.serial = serial
        self.work = work
    }

    /// Whether the run was cancelled (its dispatches are dropped from then on).
    var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Marks the run cancelled and cancels its task.
    func cancel() {
        let cancelTask = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            return state.cancelTask
        }
        cancelTask?()
    }

    /// Hands the run the way to cancel its task; cancels it at once if the run was cancelled
    /// before its task existed.
    func attach(cancelTask: @escaping @Sendable () -> Void) {
        let cancelNow = state.withLock { state -> Bool in
            state.cancelTask = cancelTask
            return state.isCancelled
        }
        if cancelNow { cancelTask() }
    }
}

extension Sequence where Element == EffectRun {
    /// Cancels the runs, oldest first.
    func cancelAll() {
        for run in sorted(by: { $0.serial < $1.serial }) { run.cancel() }
    }
}
