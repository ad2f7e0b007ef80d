@_spi(ReSwiftInternal) import ReSwift

/// What a listener's body gets: the action that started it, the store's `getState` and
/// `dispatch`, and ways to wait for later actions, states and time.
///
/// ```swift
/// listeners.startListening(for: BookOpened.self, policy: .latest) { opened, listener in
///     while true {
///         listener.dispatch(PollAvailability(isbn: opened.isbn))
///         try await listener.delay(.seconds(2))        // on the store's clock
///     }
/// }
/// ```
///
/// Every wait throws `CancellationError` when the run is cancelled (by the policy, by
/// ``cancelActiveListeners()`` from another run, or because the listener was removed); let it
/// propagate. After the run is cancelled, its dispatches are dropped.
// @unchecked Sendable: `action` is the action the store handed its middleware, which the store's
// contract treats as an immutable value that any thread may read (actions are dispatched from
// any thread); `getState` is the store's (any thread may call it; reads are locked); the rest
// is Sendable.
public struct ListenerContext<State>: @unchecked Sendable {
    /// The action that started this run.
    public let action: Action
    /// Sends an action through the store's middleware and reducer, recording the line of the
    /// call; dropped once the run is cancelled.
    public let dispatch: AsyncThunkDispatch
    let store: EffectContext<State>
    let listenerID: EffectID
    let run: EffectRun
    let middleware: ListenerMiddleware<State>

    /// The store's current state (the reducer has already reduced ``action``), or `nil` once
    /// the store is gone.
    ///
    /// - Returns: The state.
    public func getState() -> State? {
        store.getState()
    }

    /// Waits for the next action that `predicate` accepts, dispatched after this call.
    ///
    /// ```swift
    /// let done = try await listener.take { $0 is SearchFinished }
    /// ```
    ///
    /// - Parameter predicate: Which action to wait for; called on the dispatching thread after
    ///   the reducer, so keep it quick and free of side effects.
    /// - Returns: The action.
    /// - Throws: `CancellationError` when the run is cancelled first.
    public func take(where predicate: @escaping @Sendable (Action) -> Bool) async throws -> Action {
        // Only woken by an action.
        try await middleware.wait(run: run, until: { action, _ in predicate(action) }, isMetNow: { false })!
            .action
    }

    /// Waits for the next action of type `type`, dispatched after this call.
    ///
    /// - Parameter type: The action type to wait for.
    /// - Returns: The action.
    /// - Throws: `CancellationError` when the run is cancelled first.
    public func take<A: Action>(_ type: A.Type) async throws -> A {
        let actionType = ActionType(A.self)
        // The wait accepts only an `A`. (Not through `take(where:)`: a fault there must fail
        // its own tests, not trap every typed take on the cast.)
        let taken = try await middleware.wait(
            run: run, until: { action, _ in actionType.matches(action) }, isMetNow: { false })!
        return taken.action as! A
    }

    /// Waits until the store's state satisfies `predicate`: at once if it already does,
    /// otherwise after the action that makes it so.
    ///
    /// ```swift
    /// try await listener.condition { $0.isOnline }
    /// ```
    ///
    /// - Parameter predicate: The condition; called on the dispatching thread after each
    ///   action, so keep it quick and free of side effects.
    /// - Throws: `CancellationError` when the run is cancelled first.
    public func condition(_ predicate: @escaping @Sendable (State) -> Bool) async throws {
        let store = self.store
        let isMet = { (state: State?) in state.map(predicate) ?? false }
        if isMet(store.getState()) { return }
        // The middleware hands over this store's state.
        _ = try await middleware.wait(
            run: run, until: { _, state in isMet(state as! State?) }, isMetNow: { isMet(store.getState()) })
    }

    /// Waits for `duration` on the store's clock (the listener middleware's: a ``TestClock``
    /// in tests).
    ///
    /// - Parameters:
    ///   - duration: How long, zero or more. A negative or NaN duration is a ``ThunkMisuse``: it
    ///     is reported to the middleware's misuse handler and, if the handler returns, thrown.
    ///   - fileID: The caller's file, named in the misuse; leave the default.
    ///   - line: The caller's line, named in the misuse; leave the default.
    /// - Throws: `CancellationError` when the run is cancelled first; the misuse.
    public func delay(_ duration: EffectDuration, fileID: StaticString = #fileID, line: UInt = #line)
        async throws
    {
        let effects = store.effects
        try ThunkMisuse.check(
            duration, for: "ListenerContext.delay(_:)", at: CallSite(fileID: fileID, line: line),
            reportingTo: effects.misuseHandler)
        let clock = effects.clock
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await clock.sleep(until: clock.now + duration)
    }

    /// Cancels the other runs of this listener that are still running (not this one).
    public func cancelActiveListeners() {
        store.effects.cancelRuns(of: listenerID, except: run)
    }

    /// Whether this run was cancelled.
    public var isCancelled: Bool {
        run.isCancelled
    }
}

/// Tests whether an action is of a type, in `@Sendable` closures (which may not capture a
/// generic metatype before Swift 6.2's `SendableMetatype`, a protocol Swift 6.0 lacks).
// @unchecked Sendable: the closure captures nothing but an action type's metadata, and only
// tests a value's type (reading the type's conformances), so it may run on any thread.
struct ActionType: @unchecked Sendable {
    /// Whether an action is of the type.
    let matches: (Action) -> Bool

    init<A: Action>(_: A.Type) {
        matches = { $0 is A }
    }
}
