/// Holds the application state, reduces dispatched actions into new states, and notifies
/// subscribers.
///
/// ```swift
/// struct AppState { var count = 0 }
/// struct Increment: Action {}
///
/// func appReducer(action: Action, state: AppState?) -> AppState {
///     var state = state ?? AppState()
///     if action is Increment { state.count += 1 }
///     return state
/// }
///
/// let store = Store<AppState>(reducer: appReducer, state: nil)
/// store.dispatch(Increment())
/// ```
///
/// ## Threads
///
/// A store may be used from any thread. Dispatches are serialized: each action goes through the
/// middleware, the reducer, and every subscriber's `newState` before the next one starts, and
/// `dispatch` returns after all of that. Subscribers are called on the dispatching thread. See
/// <doc:StoreContract> for the full contract, including nested dispatches.
open class Store<State>: StoreType, @unchecked Sendable {
    // Sendable: every mutable stored property is guarded by `dispatchLock` (a recursive lock held
    // for a whole dispatch, subscription change or middleware rebuild) or, for the state value
    // itself, by `stateLock`, which readers on any thread take briefly.

    /// A function that may compute an action from the state. Deprecated: use a thunk.
    public typealias ActionCreator = (_ state: State, _ store: Store) -> Action?

    /// A function that computes an action creator asynchronously. Deprecated: use a thunk.
    public typealias AsyncActionCreator = (
        _ state: State, _ store: Store, _ actionCreatorCallback: @escaping ((ActionCreator) -> Void)
    ) -> Void

    /// A callback run with the state after an async action creator's action was reduced.
    public typealias DispatchCallback = (State) -> Void

    // MARK: Locks

    /// Serializes dispatches and subscription changes; recursive so that middleware, thunks and
    /// subscribers can dispatch and subscribe from the dispatching thread.
    let dispatchLock = Lock(recursive: true)

    /// Guards `currentState`, so that any thread can read the latest state without waiting for a
    /// dispatch to finish.
    private let stateLock = Lock()

    // MARK: State (guarded by stateLock for reads from other threads; written under both locks)

    /// The current state, in its own allocation: the dispatch path reads it in place, and a
    /// pointer access needs no dynamic exclusivity check.
    let statePointer: UnsafeMutablePointer<State?>

    /// The current state: the result of the most recently reduced action.
    ///
    /// Safe to read from any thread.
    public private(set) var state: State! {
        get { stateLock.withLock { statePointer.pointee } }
        set { stateLock.withLock { statePointer.pointee = newValue } }
    }

    // MARK: Dispatch machinery (guarded by dispatchLock)

    private let reducer: Reducer<State>

    /// Runs `reducer` on the state in place; see `_Reduction`.
    private let reduction: _Reduction<State?>
    private var storedMiddleware: [Middleware<State>]

    /// The phase, deferred actions, middleware chain and subscriber list; see `_StoreCore`.
    /// Only touched while holding `dispatchLock`.
    let core: UnsafeMutablePointer<_StoreCore>

    typealias Phase = _StoreCore.Phase

    /// Whether subscribers are being notified (on the thread holding `dispatchLock`).
    var isNotifying: Bool { core.pointee.phase == .notifying }

    /// The current state in a box, once a subscription has needed one (see `_StateBox`);
    /// `nil` after the state changed until the next notification or subscription boxes it.
    var currentStateBox: _StateBox<State>? {
        get {
            // Through `Unmanaged`, which needs no metadata for `_StateBox<State>` (a cast would
            // look it up in unspecialized code).
            guard let box = core.pointee.stateBox else { return nil }
            return Unmanaged<_StateBox<State>>.fromOpaque(Unmanaged.passUnretained(box).toOpaque())
                .takeUnretainedValue()
        }
        set { core.pointee.stateBox = newValue }
    }

    /// Whether subscriptions to `Equatable` states and selections skip repeated values
    /// automatically. Changing it affects subscriptions made afterwards.
    public var subscriptionsAutomaticallySkipRepeats: Bool {
        get { dispatchLock.withLock { storedAutomaticallySkipsRepeats } }
        set { dispatchLock.withLock { storedAutomaticallySkipsRepeats = newValue } }
    }
    private var storedAutomaticallySkipsRepeats: Bool

    /// The handler for programming errors made with this store, such as dispatching from a
    /// reducer. When `nil`, ``ReSwiftHooks/misuseHandler`` is used.
    public var misuseHandler: ((StoreMisuse) -> Void)? {
        get { dispatchLock.withLock { storedMisuseHandler } }
        set { dispatchLock.withLock { storedMisuseHandler = newValue } }
    }
    private var storedMisuseHandler: ((StoreMisuse) -> Void)?

    /// Whether this store is an instance of a subclass, which may override the `open`
    /// subscribing methods: then every subscription goes through them, as in ReSwift.
    @usableFromInline
    private(set) var _isSubclass = false

    /// `==` on the whole state when `State` is `Equatable`: the open `subscribe(_:)` skips
    /// repeated states with it, whatever the static type at the call site.
    let stateEquality: ((State, State) -> Bool)?

    // MARK: Creating a store

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - reducer: The function that computes each new state.
    ///   - state: The initial state. If `nil`, the store reduces ``ReSwiftInit`` to get one.
    ///   - middleware: Functions that see each action before the reducer, in order.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` states and selections
    ///     skip values equal to the previous one without being asked.
    public required init(
        reducer: @escaping Reducer<State>,
        state: State?,
        middleware: [Middleware<State>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        self.reducer = reducer
        self.storedMiddleware = middleware
        self.storedAutomaticallySkipsRepeats = automaticallySkipsRepeats
        self.stateEquality = Self.equality()
        self.statePointer = .allocate(capacity: 1)
        self.statePointer.initialize(to: state)
        self.core = _StoreCore.make()
        self.reduction = _Reduction(storage: statePointer) { action, state in reducer(action, state) }
        core.pointee.dispatchFunction = makeDispatchFunction()
        _isSubclass = type(of: self) != Store<State>.self
        if state == nil {
            dispatch(ReSwiftInit())
        }
    }

    deinit {
        _StoreCore.destroy(core)
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
    }

    // MARK: Middleware

    /// The middleware each action passes through before the reducer, outermost first.
    ///
    /// Setting it rebuilds ``dispatchFunction``.
    public var middleware: [Middleware<State>] {
        get { dispatchLock.withLock { storedMiddleware } }
        set {
            dispatchLock.withLock {
                storedMiddleware = newValue
                core.pointee.dispatchFunction = makeDispatchFunction()
            }
        }
    }

    /// The function ``dispatch(_:)-(Action)`` calls: the middleware chain ending in the reducer.
    ///
    /// You may replace it, for instance to capture dispatched actions in a test:
    ///
    /// ```swift
    /// var actions: [Action] = []
    /// store.dispatchFunction = { actions.append($0) }
    /// ```
    public var dispatchFunction: DispatchFunction! {
        get { dispatchLock.withLock { core.pointee.dispatchFunction } }
        set { dispatchLock.withLock { core.pointee.dispatchFunction = newValue } }
    }

    private func makeDispatchFunction() -> DispatchFunction {
        // Middleware may outlive the store (a thunk's task, for instance), so nothing here
        // holds the store strongly.
        let store = _WeakReference(self)
        let reduceAndNotify: DispatchFunction = { action in
            store.object?._defaultDispatch(action: action)
        }
        let dispatch: DispatchFunction = { [weak self] action in self?.dispatch(action) }
        let getState: () -> State? = { [weak self] in self?.state }
        return Self.chain(storedMiddleware, dispatch: dispatch, getState: getState, last: reduceAndNotify)
    }

    /// Links the middleware into one function, `F` being `DispatchFunction`.
    ///
    /// Generic over the function type so that the links stay in the form an array stores
    /// closures in: taken out as `DispatchFunction`, each middleware's function would be wrapped
    /// in two more reabstraction thunks (and `reduce` adds its own), which every dispatch runs.
    private static func chain<F>(
        _ middleware: [(@escaping DispatchFunction, @escaping () -> State?) -> (F) -> F],
        dispatch: @escaping DispatchFunction, getState: @escaping () -> State?, last: F
    ) -> F {
        var chain = last
        for link in middleware.reversed() {
            chain = link(dispatch, getState)(chain)
        }
        return chain
    }

    // MARK: Subscribing (open: a subclass may override these, as in ReSwift)

    /// Subscribes an object to the whole state.
    ///
    /// The subscriber receives the current state at once, then each new state. Subscribing an
    /// object that is already subscribed replaces its subscription. The store holds the
    /// subscriber weakly; it is dropped when it goes away. When `State` is `Equatable` and
    /// ``subscriptionsAutomaticallySkipRepeats`` is on, a state equal to the previous one is
    /// not delivered.
    ///
    /// In a subclass, this calls `subscribe(_:transform:)`
    /// as ReSwift does, so that an override of either method sees every object subscription.
    ///
    /// - Parameter subscriber: The object to notify.
    /// - Complexity: O(1) amortized.
    open func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        let isEqual = subscriptionsAutomaticallySkipRepeats ? stateEquality : nil
        if _isSubclass {
            subscribe(subscriber, transform: isEqual.map { isEqual in { $0.skipRepeats(isEqual) } })
        } else {
            _subscribeWholeState(subscriber, skippingRepeats: isEqual)
        }
    }

    /// Subscribes an object to a transformed subscription.
    ///
    /// ```swift
    /// store.subscribe(scoreView) { $0.select(\.game.score) }
    /// ```
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify.
    ///   - transform: Derives the subscription the subscriber receives from one to the whole
    ///     state. When `nil`, the subscriber receives the whole state.
    /// - Complexity: O(1) amortized, plus the cost of building the transform.
    open func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        _subscribeObject(subscriber) { root in
            transform?(root) ?? Self._wholeState(root)
        }
    }

    /// Subscribes an object to a transformed subscription of an `Equatable` selection.
    ///
    /// When ``subscriptionsAutomaticallySkipRepeats`` is on, repeated values are skipped.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify.
    ///   - transform: Derives the subscription the subscriber receives.
    open func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        _subscribeObject(subscriber) { root in
            let selected = transform?(root) ?? Self._wholeState(root)
            return skipsRepeats ? selected.skipRepeats() : selected
        }
    }

    /// Unsubscribes an object; it receives no further states.
    ///
    /// Unsubscribing an object that isn't subscribed does nothing.
    ///
    /// - Parameter subscriber: The object to remove.
    /// - Complexity: O(1) amortized.
    open func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        dispatchLock.withLock {
            if let node = core.pointee.nodesByObject[ObjectIdentifier(subscriber)] {
                removeNode(node)
                compactIfNeeded()
            }
        }
    }

    /// Calls the open ``subscribe(_:)-(S)``, for the `Equatable`-state overload in a subclass.
    @usableFromInline
    func _subscribeThroughOpenEntryPoint<S: StoreSubscriber>(_ subscriber: S)
    where S.StoreSubscriberStateType == State {
        subscribe(subscriber)
    }

    // MARK: Action creators (deprecated, open as in ReSwift)

    /// Dispatches the action an action creator returns, if any.
    ///
    /// ```swift
    /// func fetchTunes(state: AppState, store: Store<AppState>) -> FetchTunesAction { … }
    /// store.dispatch(fetchTunes)
    /// ```
    ///
    /// - Parameter actionCreator: Computes an action from the current state, or `nil`.
    @available(
        *, deprecated,
        message: "Use a Thunk from ReSwiftThunk for logic that needs the state before dispatching."
    )
    open func dispatch(_ actionCreator: @escaping ActionCreator) {
        if let action = actionCreator(state, self) {
            dispatch(action)
        }
    }

    /// Runs an async action creator, which calls back with an action creator when it is ready.
    ///
    /// - Parameter asyncActionCreator: Starts the asynchronous work.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk for asynchronous work.")
    open func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator) {
        dispatch(asyncActionCreator, callback: nil)
    }

    /// Runs an async action creator and calls `callback` with the state once the action it
    /// produced was reduced.
    ///
    /// If the action creator produces no action, `callback` is not called.
    ///
    /// - Parameters:
    ///   - asyncActionCreator: Starts the asynchronous work.
    ///   - callback: Called with the new state after the action was reduced.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk and await its result.")
    open func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator, callback: DispatchCallback?) {
        asyncActionCreator(state, self) { actionCreator in
            guard let action = actionCreator(self.state, self) else { return }
            self.dispatch(action)
            callback?(self.state)
        }
    }

    // MARK: Dispatching

    /// Dispatches an action.
    ///
    /// The action goes through the middleware and the reducer, and every subscriber sees the
    /// resulting state, before this method returns. Called from a subscriber's `newState`, the
    /// action is processed after every subscriber has seen the current state, before the outer
    /// dispatch returns. Called from a reducer, it is reported as misuse and dropped.
    ///
    /// - Parameter action: The action to dispatch.
    open func dispatch(_ action: Action) {
        dispatchLock.lock()
        defer { dispatchLock.unlock() }
        guard core.pointee.phase == .idle else { return holdBack(action, needsMiddleware: true) }
        // A copy, so that the chain stays alive if a middleware replaces it mid-dispatch.
        // (`!`, not the generic `unsafelyUnwrapped`, which would wrap the closure in a thunk.)
        let chain = core.pointee.dispatchFunction!
        chain(action)
    }

    /// Reduces an action and notifies subscribers; the last link of the middleware chain.
    ///
    /// - Parameter action: The action to reduce.
    open func _defaultDispatch(action: Action) {
        dispatchLock.lock()
        defer { dispatchLock.unlock() }
        guard core.pointee.phase == .idle else { return holdBack(action, needsMiddleware: false) }

        if core.pointee.hasSubscribers {
            reduceAndNotify(action)
        } else {
            core.pointee.stateBox = nil
            core.pointee.phase = .reducing
            reduction.reduce(action, publishingUnder: stateLock)
        }
        core.pointee.phase = .idle
        if core.pointee.vacantCount > 0 {
            compactIfNeeded()
        }
        if !core.pointee.deferredActions.isEmpty {
            processDeferredActions()
        }
    }

    /// Reduces an action and notifies the subscribers, which borrow the old and new states from
    /// boxes. Apart from `_defaultDispatch` so that its generic work costs nothing without
    /// subscribers.
    @inline(never)
    private func reduceAndNotify(_ action: Action) {
        let oldStateBox = currentStateBox ?? statePointer.pointee.map(_StateBox.init)
        core.pointee.phase = .reducing
        reduction.reduce(action, publishingUnder: stateLock)
        core.pointee.phase = .notifying
        // Only this thread writes the state, and it holds `dispatchLock`: it reads the state
        // without `stateLock`.
        let newStateBox = _StateBox(statePointer.pointee!)
        currentStateBox = newStateBox
        notifySubscribers(oldState: oldStateBox, newState: newStateBox)
    }

    /// Handles an action that arrives while this thread is busy with another: deferred while
    /// subscribers are notified, reported and dropped while the reducer runs.
    private func holdBack(_ action: Action, needsMiddleware: Bool) {
        switch core.pointee.phase {
        case .idle:
            preconditionFailure("Internal inconsistency: holding back an action while idle")
        case .notifying:
            core.pointee.deferredActions.append(.init(action: action, needsMiddleware: needsMiddleware))
        case .reducing:
            reportDispatchFromReducer(action)
        }
    }

    /// Dispatches the actions subscribers dispatched during the last notification, in order.
    private func processDeferredActions() {
        let actions = core.pointee.deferredActions
        core.pointee.deferredActions.removeAll(keepingCapacity: true)
        for deferred in actions {
            // Each action's own notification processes whatever it defers before returning.
            if deferred.needsMiddleware {
                core.pointee.dispatchFunction!(deferred.action)
            } else {
                _defaultDispatch(action: deferred.action)
            }
        }
    }

    /// `==` on `State`, when `State` is `Equatable`.
    private static func equality() -> ((State, State) -> Bool)? {
        guard let equatable = State.self as? any Equatable.Type else { return nil }
        func isEqual<Value: Equatable>(_: Value.Type) -> (State, State) -> Bool {
            { lhs, rhs in (lhs as? Value) == (rhs as? Value) }
        }
        return isEqual(equatable)
    }

    private func reportDispatchFromReducer(_ action: Action) {
        let description = String(describing: action)
        let misuse = StoreMisuse(
            kind: .dispatchFromReducer,
            action: description,
            message: """
                ReSwift: \(description) was dispatched while a reducer was running. Reducers \
                must be pure functions of (action, state) and must not dispatch; the action was \
                dropped. Dispatch follow-up actions from middleware or a thunk instead, or \
                compute the combined change in the reducer.
                """
        )
        (storedMisuseHandler ?? ReSwiftHooks.misuseHandler)(misuse)
    }

    // MARK: Notifying

    private func notifySubscribers(oldState oldBox: _StateBox<State>?, newState newBox: _StateBox<State>) {
        withExtendedLifetime((oldBox, newBox)) {
            notifySubscribers(
                oldState: oldBox.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) },
                newState: UnsafeRawPointer(Unmanaged.passUnretained(newBox).toOpaque()))
        }
    }

    /// The hot loop: one closure call per subscriber, on type-erased state boxes.
    private func notifySubscribers(oldState: UnsafeRawPointer?, newState: UnsafeRawPointer) {
        // Subscribers added during this loop were given the new state when they subscribed;
        // stopping at the current count keeps them from getting it twice.
        let count = core.pointee.nodes.count
        var index = 0
        while index < count {
            if let entry = core.pointee.nodes[index] {
                let isAlive = entry._withUnsafeGuaranteedRef { $0.deliver(oldState, newState) }
                if !isAlive {
                    removeNode(entry.takeUnretainedValue())
                }
            }
            index += 1
        }
        core.pointee.retiredNodes.removeAll()
    }
}
