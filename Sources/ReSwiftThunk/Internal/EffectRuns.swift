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

/// The runs in flight, by the key that cancels them together (a thunk's id, a listener), and
/// what they count: a `ThunkEffects`' bookkeeping (a `ListenerMiddleware` keeps its runs in one
/// too), kept behind its lock. A finished run is forgotten, and so is a key without runs.
struct EffectRuns<Key: Hashable> {
    private var byKey: [Key: [Int: EffectRun]] = [:]
    /// Runs started and neither finished nor removed.
    private(set) var count = 0
    /// Actions that cancelled runs dispatched, which were dropped.
    var droppedActions = 0
    private var lastSerial = 0

    /// The keys that have runs.
    var keyCount: Int { byKey.count }

    /// Starts a run under `key`.
    mutating func start(_ key: Key, work: EffectWork?) -> EffectRun {
        lastSerial += 1
        let run = EffectRun(serial: lastSerial, work: work)
        byKey[key, default: [:]][run.serial] = run
        count += 1
        return run
    }

    /// The runs under `key`, which stay in flight until they finish.
    func runs(of key: Key) -> [EffectRun] {
        byKey[key].map { Array($0.values) } ?? []
    }

    /// Forgets the runs under `key` (to cancel them without the lock held) and returns them.
    mutating func removeRuns(of key: Key) -> [EffectRun] {
        guard let runs = byKey.removeValue(forKey: key) else { return [] }
        count -= runs.count
        return Array(runs.values)
    }

    /// Forgets `run`, which finished; nothing if it was removed already.
    mutating func finish(_ run: EffectRun, of key: Key) {
        guard byKey[key]?.removeValue(forKey: run.serial) != nil else { return }
        count -= 1
        if byKey[key]?.isEmpty == true { byKey[key] = nil }
    }
}
