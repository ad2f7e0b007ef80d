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
        var runs = EffectRuns<EffectID>()
        /// When each id's throttle window closes.
        var throttleWindows: [EffectID: EffectInstant] = [:]
        /// The earliest of those, so that pruning scans only when one may have closed.
        var earliestWindowEnd: EffectInstant?
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
                inFlight: state.runs.count, inFlightIDs: state.runs.keyCount,
                throttleWindows: state.throttleWindows.count, droppedActions: state.runs.droppedActions)
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
        state.withLock { $0.runs.removeRuns(of: id) }.cancelAll()
    }

    /// Starts a run of a thunk with `id`; with `cancelInFlight`, cancels the others first.
    func start(_ id: EffectID, cancelInFlight: Bool, work: EffectWork?) -> EffectRun {
        let (run, cancelled) = state.withLock { state -> (EffectRun, [EffectRun]) in
            let cancelled = cancelInFlight ? state.runs.removeRuns(of: id) : []
            return (state.runs.start(id, work: work), cancelled)
        }
        cancelled.cancelAll()
        return run
    }

    /// Dispatches `action` for `run` with `dispatch`, unless the run was cancelled: then the
    /// action is dropped and counted.
    func dispatch(_ action: Action, from run: EffectRun, to dispatch: DispatchFunction) {
        run.dispatch(action, to: dispatch) { state.withLock { $0.runs.droppedActions += 1 } }
    }

    /// Forgets a run of a thunk with `id` that finished.
    func finish(_ run: EffectRun, id: EffectID) {
        state.withLock { $0.runs.finish(run, of: id) }
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
