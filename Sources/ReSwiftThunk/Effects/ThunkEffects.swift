@_spi(ReSwiftInternal) import ReSwift

/// The effects one store's thunk middleware runs: its clock, the in-flight async thunks that
/// have an id, the throttle windows, and what was dropped.
///
/// ``createThunkMiddleware()`` makes one per store. Make your own to choose the clock, to handle
/// misuse per store, or to read its ``statistics``:
///
/// ```swift
/// let effects = ThunkEffects(clock: clock)
/// let store = Store<AppState>(
///     reducer: appReducer, state: nil,
///     middleware: [createThunkMiddleware(effects: effects)])
/// …
/// effects.statistics.droppedActions   // actions cancelled thunks dispatched, dropped
/// ```
///
/// Give one `ThunkEffects` to one store: two stores sharing it share their ids, so cancelling
/// an id in one cancels the other's thunks too.
public final class ThunkEffects: Sendable {
    /// A snapshot of what a ``ThunkEffects`` holds, for tests and diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Async thunks with an id that started and have neither finished nor been cancelled
        /// (debounced thunks waiting for their interval included).
        public var inFlight: Int
        /// The ids those thunks have.
        public var inFlightIDs: Int
        /// Ids whose throttle window is still open as of the last throttled dispatch.
        public var throttleWindows: Int
        /// Actions that thunks dispatched after they were cancelled by id, which were dropped.
        public var droppedActions: Int

        /// Creates a snapshot, to compare with.
        public init(inFlight: Int, inFlightIDs: Int, throttleWindows: Int, droppedActions: Int) {
            self.inFlight = inFlight
            self.inFlightIDs = inFlightIDs
            self.throttleWindows = throttleWindows
            self.droppedActions = droppedActions
        }
    }

    private struct State {
        var clock: any EffectClock
        var runs: [EffectID: [Int: EffectRun]] = [:]
        var inFlight = 0
        var nextSerial = 0
        /// When each id's throttle window closes.
        var throttleWindows: [EffectID: EffectInstant] = [:]
        /// The earliest of those, so that pruning scans only when one may have closed.
        var earliestWindowEnd: EffectInstant?
        var droppedActions = 0
    }

    private let state: Locked<State>
    private let customMisuseHandler: (@Sendable (ThunkMisuse) -> Void)?

    /// Creates the effects of one store.
    ///
    /// - Parameters:
    ///   - clock: The clock debounced and throttled thunks wait on, and that thunk bodies get as
    ///     ``EffectEnvironment/clock``. A ``TestClock`` in tests (ReSwiftTesting's `TestStore`
    ///     installs its own).
    ///   - misuseHandler: Called with each ``ThunkMisuse`` (a negative or NaN interval);
    ///     `nil` uses ``ThunkHooks/misuseHandler``.
    public init(
        clock: some EffectClock = ContinuousEffectClock(),
        misuseHandler: (@Sendable (ThunkMisuse) -> Void)? = nil
    ) {
        state = Locked(State(clock: clock))
        customMisuseHandler = misuseHandler
    }

    /// The clock the effects wait on.
    public var clock: any EffectClock {
        state.withLock { $0.clock }
    }

    /// What the effects hold now.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                inFlight: state.inFlight, inFlightIDs: state.runs.count,
                throttleWindows: state.throttleWindows.count, droppedActions: state.droppedActions)
        }
    }

    /// Cancels every in-flight async thunk with the id `id`: the same as
    /// `store.cancelThunks(id:)`, for code that holds the effects rather than the store.
    ///
    /// - Parameter id: The id given to the thunks; one that no thunk uses does nothing.
    public func cancel(id: some Hashable & Sendable) {
        cancel(EffectID(id))
    }

    // MARK: Used by the middleware

    func cancel(_ id: EffectID) {
        let cancelled = state.withLock { state -> [EffectRun] in
            guard let runs = state.runs.removeValue(forKey: id) else { return [] }
            state.inFlight -= runs.count
            return Array(runs.values)
        }
        for run in cancelled.sorted(by: { $0.serial < $1.serial }) { run.cancel() }
    }

    /// Registers a run of a thunk with `id`; with `cancelInFlight`, cancels the others first.
    func register(_ id: EffectID, cancelInFlight: Bool) -> EffectRun {
        let (run, cancelled) = state.withLock { state -> (EffectRun, [EffectRun]) in
            var cancelled: [EffectRun] = []
            if cancelInFlight, let runs = state.runs.removeValue(forKey: id) {
                state.inFlight -= runs.count
                cancelled = Array(runs.values)
            }
            state.nextSerial += 1
            let run = EffectRun(id: id, serial: state.nextSerial, effects: self)
            state.runs[id, default: [:]][run.serial] = run
            state.inFlight += 1
            return (run, cancelled)
        }
        for other in cancelled.sorted(by: { $0.serial < $1.serial }) { other.cancel() }
        return run
    }

    /// Forgets a run that finished.
    func finish(_ run: EffectRun) {
        state.withLock { state in
            guard state.runs[run.id]?.removeValue(forKey: run.serial) != nil else { return }
            state.inFlight -= 1
            if state.runs[run.id]?.isEmpty == true { state.runs[run.id] = nil }
        }
    }

    /// Whether a throttled thunk with `id` may run now, opening a window of `interval` if so.
    func throttleAllows(_ id: EffectID, interval: EffectDuration) -> Bool {
        state.withLock { state in
            let now = state.clock.now
            if let earliest = state.earliestWindowEnd, earliest <= now {
                state.throttleWindows = state.throttleWindows.filter { $0.value > now }
                state.earliestWindowEnd = state.throttleWindows.values.min()
            }
            if let end = state.throttleWindows[id], now < end { return false }
            let end = now + interval
            guard end > now else { return true }
            state.throttleWindows[id] = end
            state.earliestWindowEnd = min(state.earliestWindowEnd ?? end, end)
            return true
        }
    }

    func countDroppedAction() {
        state.withLock { $0.droppedActions += 1 }
    }

    func report(_ misuse: ThunkMisuse) {
        (customMisuseHandler ?? ThunkHooks.misuseHandler)(misuse)
    }

    func install(_ clock: any EffectClock) {
        state.withLock { $0.clock = clock }
    }
}

/// One run of an async thunk that has an id: cancelled by id, forgotten when it finishes.
final class EffectRun: Sendable {
    private struct State {
        var isCancelled = false
        var cancelTask: (@Sendable () -> Void)?
    }

    let id: EffectID
    let serial: Int
    private let state = Locked(State())
    /// Strong: the effects hold the run only while it is in flight, and a run that outlives
    /// its store (a task that ignores cancellation) still counts its dropped actions.
    private let effects: ThunkEffects

    init(id: EffectID, serial: Int, effects: ThunkEffects) {
        self.id = id
        self.serial = serial
        self.effects = effects
    }

    /// Whether the run was cancelled by id (its dispatches are dropped from then on).
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

    /// Dispatches `action` unless the run was cancelled, in which case it counts it as dropped.
    func dispatch(_ action: Action, with dispatch: DispatchFunction) {
        guard !isCancelled else {
            effects.countDroppedAction()
            return
        }
        dispatch(action)
    }

    /// Forgets the run.
    func finish() {
        effects.finish(self)
    }
}

/// Installs a clock in every effect middleware of a store (the thunk middleware, listener
/// middleware), which each pass it on down the chain. ReSwiftTesting's `TestStore` dispatches
/// it once, when it is created, to install its `TestClock`. Not API: its shape may change in
/// any release.
@_spi(Testing)
public struct EffectClockInstallation: Action, Sendable {
    /// The clock to install.
    public let clock: any EffectClock
    /// Called by each thunk middleware that installed it, with its effects.
    public let installedInThunkMiddleware: @Sendable (ThunkEffects) -> Void

    /// Creates the installation.
    public init(
        clock: any EffectClock, installedInThunkMiddleware: @escaping @Sendable (ThunkEffects) -> Void
    ) {
        self.clock = clock
        self.installedInThunkMiddleware = installedInThunkMiddleware
    }
}
