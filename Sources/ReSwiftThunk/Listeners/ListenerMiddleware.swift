@_spi(ReSwiftInternal) import ReSwift

/// Effects that react to actions: register a listener (an action type or a predicate, and an
/// `async` body), and the middleware runs the body, in a new task, after each matching action
/// has been reduced. In the spirit of Redux Toolkit's `createListenerMiddleware`.
///
/// ```swift
/// let listeners = ListenerMiddleware<AppState>()
/// listeners.startListening(for: QueryChanged.self, policy: .latest) { changed, listener in
///     try await listener.delay(.milliseconds(300))           // a debounce, on the store's clock
///     let books = try await catalog.search(changed.query)
///     listener.dispatch(SearchFinished(books: books))
/// }
/// let store = Store<AppState>(
///     reducer: appReducer, state: nil,
///     middleware: [createThunkMiddleware(), listeners.middleware])
/// ```
///
/// - A listener runs after the reducer, so ``ListenerContext/getState()`` already shows the
///   action's effect, and it never blocks `dispatch`: the body runs in its own task.
/// - Its ``ListenerPolicy`` says what happens when a matching action arrives while a run is
///   still running: `.every` starts another, `.latest` cancels the running ones first, `.first`
///   ignores the action.
/// - ``ListenerRegistration/remove()`` stops a listener and cancels its runs.
/// - An error a body throws (other than `CancellationError`) goes to the middleware's error
///   handler, by default ``ThunkHooks/errorHandler``, with the line that registered the
///   listener.
///
/// Put the listener middleware after ``createThunkMiddleware()``, so that it sees the actions
/// thunks dispatch rather than the thunks. Use one listener middleware per store. Waits
/// (``ListenerContext/delay(_:fileID:line:)``) use the middleware's clock; ReSwiftTesting's
/// `TestStore` installs its `TestClock` there.
public final class ListenerMiddleware<State>: Sendable {
    /// A snapshot of what the middleware holds, for tests and diagnostics.
    public struct Statistics: Sendable, Equatable {
        /// Registered listeners.
        public var listeners: Int
        /// Runs that haven't finished (cancelled ones that still run included).
        public var activeRuns: Int
        /// Runs waiting in `take` or `condition`.
        public var waiting: Int
        /// Actions that runs dispatched after they were cancelled, which were dropped.
        public var droppedActions: Int

        /// Creates a snapshot, to compare with.
        public init(listeners: Int, activeRuns: Int, waiting: Int, droppedActions: Int) {
            self.listeners = listeners
            self.activeRuns = activeRuns
            self.waiting = waiting
            self.droppedActions = droppedActions
        }
    }

    // Not generic, so that the check every dispatch makes costs no generic metadata lookups.
    private let registry = Locked(ListenerRegistry())
    /// The clock, the misuse handler and the runs, kept as async thunks' are.
    private let effects: ThunkEffects
    private let errorHandler: @Sendable (UnhandledThunkError) -> Void

    /// Creates a listener middleware with no listeners.
    ///
    /// - Parameters:
    ///   - clock: The clock `delay` waits on; a `TestClock` in tests (`TestStore` installs its
    ///     own).
    ///   - errorHandler: Called, on the listener's task, with each error a listener throws;
    ///     `nil` uses ``ThunkHooks/errorHandler``.
    ///   - misuseHandler: Called with each ``ThunkMisuse`` (a negative or NaN delay); `nil` uses
    ///     ``ThunkHooks/misuseHandler``.
    public init(
        clock: some EffectClock = ContinuousEffectClock(),
        errorHandler: (@Sendable (UnhandledThunkError) -> Void)? = nil,
        misuseHandler: (@Sendable (ThunkMisuse) -> Void)? = nil
    ) {
        effects = ThunkEffects(clock: clock, misuseHandler: misuseHandler)
        self.errorHandler = errorHandler ?? { ThunkHooks.errorHandler($0) }
    }

    /// What the middleware holds now.
    public var statistics: Statistics {
        let runs = effects.statistics
        return registry.withLock { registry in
            Statistics(
                listeners: registry.listeners.count, activeRuns: runs.inFlight,
                waiting: registry.waiters.count, droppedActions: runs.droppedActions)
        }
    }

    /// The clock `delay` waits on.
    public var clock: any EffectClock {
        effects.clock
    }

    // MARK: Registering

    /// Registers a listener for actions of type `type` (subclasses and conforming types too).
    ///
    /// ```swift
    /// listeners.startListening(for: BookOpened.self) { opened, listener in
    ///     listener.dispatch(LoadAvailability(isbn: opened.isbn))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The action type to react to.
    ///   - policy: What to do when an action arrives while a run is running.
    ///   - fileID: Where the listener is registered, named in error messages; leave the default.
    ///   - line: Where the listener is registered, named in error messages; leave the default.
    ///   - body: The work to run, in a new task, after each matching action was reduced.
    /// - Returns: The handle that removes the listener.
    @discardableResult
    public func startListening<A: Action>(
        for type: A.Type, policy: ListenerPolicy = .every, fileID: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @Sendable (A, ListenerContext<State>) async throws -> Void
    ) -> ListenerRegistration {
        // The type was checked when the action was matched: the action is an `A`.
        add(
            policy: policy, matchesType: ActionType(A.self), predicate: nil,
            body: { context in try await body(context.action as! A, context) },
            name: "listener for \(A.self)", origin: CallSite(fileID: fileID, line: line))
    }

    /// Registers a listener for the actions `predicate` accepts.
    ///
    /// ```swift
    /// listeners.startListening(matching: { $0 is SignedOut || $0 is SessionExpired }) { _, listener in
    ///     listener.dispatch(ClearCaches())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Which actions start a run; called on the dispatching thread after the
    ///     reducer for every action, so keep it quick and free of side effects. (A listener for
    ///     an action type costs less per dispatch: prefer ``startListening(for:policy:fileID:line:_:)``.)
    ///   - policy: What to do when an action arrives while a run is running.
    ///   - fileID: Where the listener is registered, named in error messages; leave the default.
    ///   - line: Where the listener is registered, named in error messages; leave the default.
    ///   - body: The work to run, in a new task, after each matching action was reduced.
    /// - Returns: The handle that removes the listener.
    @discardableResult
    public func startListening(
        matching predicate: @escaping @Sendable (Action) -> Bool, policy: ListenerPolicy = .every,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ body: @escaping @Sendable (Action, ListenerContext<State>) async throws -> Void
    ) -> ListenerRegistration {
        add(
            policy: policy, matchesType: nil, predicate: predicate,
            body: { context in try await body(context.action, context) }, name: "listener",
            origin: CallSite(fileID: fileID, line: line))
    }

    /// Removes every listener and cancels their runs.
    public func removeAllListeners() {
        let ids = registry.withLock { $0.listeners.map(\.id) }
        for id in ids { remove(id) }
    }

    /// Registers a listener; `body` is called with this middleware's `ListenerContext<State>`.
    private func add(
        policy: ListenerPolicy, matchesType: ActionType?, predicate: (@Sendable (Action) -> Bool)?,
        body: @escaping (ListenerContext<State>) async throws -> Void, name: String, origin: CallSite
    ) -> ListenerRegistration {
        let id = registry.withLock { registry -> Int in
            let id = registry.makeID()
            registry.listeners.append(
                ListenerEntry(
                    id: id, policy: policy, matchesType: matchesType, predicate: predicate,
                    body: ErasedListenerBody { try await body($0 as! ListenerContext<State>) }, name: name,
                    origin: origin))
            registry.listenersChanged()
            return id
        }
        return ListenerRegistration(id: id) { [weak self] id in self?.remove(id) }
    }

    private func remove(_ id: Int) {
        let removed = registry.withLock { registry -> Bool in
            guard let index = registry.listeners.firstIndex(where: { $0.id == id }) else { return false }
            registry.listeners.remove(at: index)
            registry.listenersChanged()
            return true
        }
        if removed { effects.cancelRuns(of: EffectID(id)) }
    }

    // MARK: The middleware

    /// The middleware to put in the store's middleware, after ``createThunkMiddleware()``.
    public var middleware: Middleware<State> {
        return { [self] dispatch, getState in
            let store = EffectContext(dispatch: dispatch, getState: getState, effects: effects)
            return { next in
                let registry = self.registry
                // Read once here: a global's lazy initialization check costs every dispatch.
                let installationType = ObjectIdentifier(EffectClockInstallation.self)
                return { action in
                    let actionType = ObjectIdentifier(type(of: action))
                    if actionType == installationType, let installation = action as? EffectClockInstallation {
                        store.effects.install(installation.clock)
                    }
                    next(action)
                    // The common case, in code that isn't generic: nobody cares about the action.
                    guard let interest = registry.interest(in: action, of: actionType) else { return }
                    if interest.checkWaiters { self.wakeWaiters(for: action, store: store) }
                    // In registration order; predicates are the caller's code, called without
                    // the lock held. (`filter` lends each candidate; a loop would retain each.)
                    for candidate in interest.candidates.filter({ $0.predicate(action) }) {
                        self.start(candidate.id, action: action, store: store)
                    }
                }
            }
        }
    }

    private func wakeWaiters(for action: Action, store: EffectContext<State>) {
        let waiters = registry.withLock { $0.waiters }
        // Predicates are the caller's code: called without the lock held, on a state read once.
        let state: Any = store.getState() as Any
        let met = waiters.filter { $0.value.isMet(action, state) }.keys.sorted()
        let woken = registry.withLock { registry in
            met.compactMap { registry.waiters.removeValue(forKey: $0) }
        }
        for waiter in woken { waiter.resume(with: .success(HandedAction(action: action))) }
    }

    private func start(_ listenerID: Int, action: Action, store: EffectContext<State>) {
        // Not if it was removed since the action was matched.
        guard let listener = registry.withLock({ $0.listeners.first { $0.id == listenerID } }) else { return }
        let id = EffectID(listenerID)
        guard let run = effects.start(id, policy: listener.policy) else { return }
        let context = ListenerContext(
            action: action,
            dispatch: AsyncThunkDispatch { store.effects.dispatch($0, from: run, to: store.dispatch) },
            store: store, listenerID: id, run: run, middleware: self)
        let (body, errorHandler, effects) = (listener.body, self.errorHandler, self.effects)
        let (name, origin) = (listener.name, listener.origin)
        _ = effects.task(run: run, work: run.work) {
            do {
                try await body.run(context)
            } catch is CancellationError {
            } catch is ThunkMisuse {
                // Reported when it was detected.
            } catch {
                var failure = UnhandledThunkError(
                    error: error, thunkType: name, fileID: "\(origin.fileID)", line: origin.line)
                failure.source = .listener
                errorHandler(failure)
            }
            effects.finish(run, id: id)
        }
    }

    // MARK: Used by ListenerContext

    /// Suspends `run` until a later action, or the state it produced, meets `isMet`, or the run is
    /// cancelled: the one wait of `take` and `condition`. `isMetNow` is asked once the wait is
    /// registered, for a state that changed since the caller's check.
    ///
    /// - Returns: The action that ended the wait; `nil` when `isMetNow` did.
    func wait(
        run: EffectRun, until isMet: @escaping (Action, Any) -> Bool, isMetNow: () -> Bool
    ) async throws -> HandedAction? {
        let id = registry.withLock { $0.makeID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let waiter = ListenerWaiter(isMet: isMet, continuation: continuation, run: run)
                // Checked with the lock held: a cancellation after it finds the waiter below.
                let cancelled = registry.withLock { registry -> Bool in
                    if Task.isCancelled { return true }
                    registry.waiters[id] = waiter
                    return false
                }
                if cancelled { return waiter.resume(with: .failure(CancellationError())) }
                if isMetNow(), let waiter = registry.withLock({ $0.waiters.removeValue(forKey: id) }) {
                    return waiter.resume(with: .success(nil))
                }
                // Idle for a TestClock only now that it waits, and only if no action woke it
                // meanwhile (the waker takes the waiter under this lock): idle any earlier, a
                // settle returned while the run still checked the state, and an advance ran on.
                registry.withLock { if $0.waiters[id] != nil { run.work?.suspend() } }
            }
        } onCancel: {
            registry.withLock { $0.waiters.removeValue(forKey: id) }?.resume(
                with: .failure(CancellationError()))
        }
    }
}

/// An action handed from the dispatching thread to a listener's task.
// @unchecked Sendable: the store's contract treats a dispatched action as an immutable value
// that any thread may read (actions are dispatched from any thread, and middleware sees them on
// the dispatching thread); the box only carries it across.
struct HandedAction: @unchecked Sendable {
    let action: Action
}
