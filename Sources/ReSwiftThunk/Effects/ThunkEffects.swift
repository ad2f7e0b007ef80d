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
        /// The runs in flight, by the id that cancels them together, then by their serial. A
        /// finished run is forgotten, and so is an id without runs.
        var runs: [EffectID: [Int: EffectRun]] = [:]
        var lastSerial = 0
        /// Actions that cancelled runs dispatched, which were dropped.
        var droppedActions = 0
        /// When each id's throttle window closes.
        var throttleWindows: [EffectID: EffectInstant] = [:]
        /// The earliest of those, so that pruning scans only when one may have closed.
        var earliestWindowEnd: EffectInstant?

        /// Starts a run under `id`.
        mutating func start(_ id: EffectID, work: EffectWork?) -> EffectRun {
            lastSerial += 1
            let run = EffectRun(serial: lastSerial, work: work)
            runs[id, default: [:]][run.serial] = run
            return run
        }

        /// The runs under `id`, which stay in flight until they finish.
        func runs(of id: EffectID) -> [EffectRun] {
            runs[id].map { Array($0.values) } ?? []
        }

        /// Forgets the runs under `id` (to cancel them without the lock held) and returns them.
        mutating func removeRuns(of id: EffectID) -> [EffectRun] {
            runs.removeValue(forKey: id).map { Array($0.values) } ?? []
        }
    }

    private let state: Locked<State>
    /// Where this store's thunks report misuse: the handler given to ``init(clock:misuseHandler:)``,
    /// or ``ThunkHooks/misuseHandler`` as it is when the misuse happens.
    let misuseHandler: @Sendable (ThunkMisuse) -> Void

    /// Creates the effects of one store.
    ///
    /// - Parameters:
    ///   - clock: The clock debounced and throttled thunks wait on, and that thunk bodies get as
    ///     ``EffectEnvironment/clock``. A ``TestClock`` in tests (ReSwiftTesting's `TestStore`
    ///     installs its own).
    ///   - misuseHandler: Called with each ``ThunkMisuse`` (a negative or NaN interval given to a
    ///     debounce, a throttle, or ``EffectEnvironment/sleep(for:fileID:line:)`` in a thunk
    ///     body); `nil` uses ``ThunkHooks/misuseHandler``.
    public init(
        clock: some EffectClock = ContinuousEffectClock(),
        misuseHandler: (@Sendable (ThunkMisuse) -> Void)? = nil
    ) {
        state = Locked(State(clock: clock))
        self.misuseHandler = misuseHandler ?? { ThunkHooks.misuseHandler($0) }
    }

    /// The clock the effects wait on.
    public var clock: any EffectClock {
        state.withLock { $0.clock }
    }

    /// What the effects hold now.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                inFlight: state.runs.values.reduce(0) { $0 + $1.count }, inFlightIDs: state.runs.count,
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
        state.withLock { $0.removeRuns(of: id) }.cancelAll()
    }

    /// Starts a run of a thunk with `id`; with `cancelInFlight`, cancels the others first.
    func start(_ id: EffectID, cancelInFlight: Bool, work: EffectWork?) -> EffectRun {
        let (run, cancelled) = state.withLock { state -> (EffectRun, [EffectRun]) in
            let cancelled = cancelInFlight ? state.removeRuns(of: id) : []
            return (state.start(id, work: work), cancelled)
        }
        cancelled.cancelAll()
        return run
    }

    /// Starts a run of the listener `id` as its `policy` says: `nil` for `.first` while a run goes
    /// on; `.latest` cancels the others, which stay in flight until they finish.
    func start(_ id: EffectID, policy: ListenerPolicy) -> EffectRun? {
        let (run, superseded) = state.withLock { state -> (EffectRun?, [EffectRun]) in
            let running = state.runs(of: id)
            if policy == .first, running.contains(where: { !$0.isCancelled }) { return (nil, []) }
            let run = state.start(id, work: EffectWork.begin(on: state.clock))
            return (run, policy == .latest ? running : [])
        }
        superseded.cancelAll()
        return run
    }

    /// Cancels the runs of `id` but `current`; they stay in flight until they finish.
    func cancelRuns(of id: EffectID, except current: EffectRun? = nil) {
        state.withLock { $0.runs(of: id) }.filter { $0 !== current }.cancelAll()
    }

    /// Runs `body` in a new task, on the effects' clock and reporting misuse to their handler,
    /// counted as `work` by a ``TestClock`` until it ends; cancelling `run` cancels the task.
    func task<Value: Sendable>(
        run: EffectRun?, work: EffectWork?, _ body: @escaping @Sendable () async throws -> Value
    ) -> Task<Value, any Error> {
        let scope = EffectScope(clock: clock, work: work, misuseHandler: misuseHandler)
        let task = Task {
            defer { work?.end() }
            return try await EffectEnvironment.$current.withValue(scope, operation: body)
        }
        run?.attach(cancelTask: { task.cancel() })
        return task
    }

    /// Dispatches `action` with `dispatch`, unless `run` was cancelled: then the action is
    /// dropped and counted.
    func dispatch(_ action: Action, from run: EffectRun?, to dispatch: DispatchFunction) {
        if run?.isCancelled == true {
            state.withLock { $0.droppedActions += 1 }
        } else {
            dispatch(action)
        }
    }

    /// Forgets a run under `id` that finished.
    func finish(_ run: EffectRun, id: EffectID) {
        state.withLock { state in
            state.runs[id]?[run.serial] = nil
            if state.runs[id]?.isEmpty == true { state.runs[id] = nil }
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

    func install(_ clock: any EffectClock) {
        state.withLock { $0.clock = clock }
    }
}

/// The store's `dispatch` and `getState`, as handed to an effect middleware (the thunk middleware,
/// a listener middleware), and its effects, for the tasks it starts.
// @unchecked Sendable: the closures are the store's, which its contract lets any thread call
// (dispatches are serialized by the store's lock, `state` reads are locked). Harnesses that call
// the middleware themselves (ExpectThunk, TestStore) pass thread-safe closures too. `effects` is
// Sendable.
struct EffectContext<State>: @unchecked Sendable {
    let dispatch: DispatchFunction
    let getState: () -> State?
    let effects: ThunkEffects
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
