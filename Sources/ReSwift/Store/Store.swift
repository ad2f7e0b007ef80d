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
    // Sendable: every mutable stored property is guarded by the core's lock (a recursive lock
    // held for a whole dispatch, subscription change or middleware rebuild); the state itself is
    // in `cell`, whose read lock readers on any thread take briefly.

    /// A function that may compute an action from the state. Deprecated: use a thunk.
    public typealias ActionCreator = (_ state: State, _ store: Store) -> Action?

    /// A function that computes an action creator asynchronously. Deprecated: use a thunk.
    public typealias AsyncActionCreator = (
        _ state: State, _ store: Store, _ actionCreatorCallback: @escaping ((ActionCreator) -> Void)
    ) -> Void

    /// A callback run with the state after an async action creator's action was reduced.
    public typealias DispatchCallback = (State) -> Void

    // MARK: The state

    /// The state, reduced in place; see `_StateCell`.
    private let cell: _StateCell<State?>

    /// The lock, the phase, the deferred actions, the middleware chain and the subscribers; see
    /// `_StoreCore`.
    let core = _StoreCore()

    /// The current state: the result of the most recently reduced action.
    ///
    /// Safe to read from any thread.
    public var state: State! { cell.current }

    // MARK: Settings (guarded by the core's lock)

    private let reducer: Reducer<State>
    private var storedMiddleware: [Middleware<State>]

    /// Whether subscriptions to `Equatable` states and selections skip repeated values
    /// automatically. Changing it affects subscriptions made afterwards.
    public var subscriptionsAutomaticallySkipRepeats: Bool {
        get { core.withLock { storedAutomaticallySkipsRepeats } }
        set { core.withLock { storedAutomaticallySkipsRepeats = newValue } }
    }
    private var storedAutomaticallySkipsRepeats: Bool

    /// The handler for programming errors made with this store, such as dispatching from a
    /// reducer. When `nil`, ``ReSwiftHooks/misuseHandler`` is used.
    public var misuseHandler: ((StoreMisuse) -> Void)? {
        get { core.withLock { core.misuseHandler } }
        set { core.withLock { core.misuseHandler = newValue } }
    }

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
        self.cell = _StateCell(state) { action, state in reducer(action, state) }
        _isSubclass = type(of: self) != Store<State>.self
        let instrumentation = ReSwiftHooks.defaultInstrumentation
        core.withLock {
            core.instrumentation = instrumentation
            core.dispatchFunction = makeDispatchFunction()
        }
        if state == nil {
            dispatch(ReSwiftInit())
        }
    }

    deinit {
        core.close()
    }

    // MARK: Instrumentation

    /// What measures each dispatch of this store (a profiler), or `nil` for nothing.
    ///
    /// Starts as ``ReSwiftHooks/defaultInstrumentation`` was when the store was created. With
    /// `nil`, dispatching costs what it did before instrumentation existed. See
    /// ``StoreInstrumentation`` for what the store reports and when.
    public var instrumentation: (any StoreInstrumentation)? {
        get { core.withLock { core.instrumentation } }
        set { core.withLock { core.instrumentation = newValue } }
    }

    // MARK: Middleware

    /// The middleware each action passes through before the reducer, outermost first.
    ///
    /// Setting it rebuilds ``dispatchFunction``.
    public var middleware: [Middleware<State>] {
        get { core.withLock { storedMiddleware } }
        set {
            core.withLock {
                storedMiddleware = newValue
                core.dispatchFunction = makeDispatchFunction()
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
        get { core.withLock { core.dispatchFunction } }
        set { core.withLock { core.dispatchFunction = newValue } }
    }

    private func makeDispatchFunction() -> DispatchFunction {
        // Middleware may outlive the store (a thunk's task, for instance), so nothing here
        // holds the store strongly. The last link of a plain store holds what reducing needs
        // (the core and the state), which the store ends (`close`) when it goes away; a
        // subclass's goes through `_defaultDispatch(action:)`, which it may override.
        let last: DispatchFunction
        if _isSubclass {
            last = { [weak self] action in self?._defaultDispatch(action: action) }
        } else {
            last = { [core, cell] action in Self.reduceAndNotify(action, core: core, cell: cell) }
        }
        core.lastLink = last
        let dispatch: DispatchFunction = { [weak self] action in
            guard let self else { return }
            if let callSite = CallSite.takePending() {
                self.dispatch(action, file: callSite.fileID, line: callSite.line)
            } else {
                self.dispatch(action)
            }
        }
        let getState: () -> State? = { [weak self] in self?.state }
        return Self.chain(storedMiddleware, dispatch: dispatch, getState: getState, last: last)
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
        if _isSubclass {
            let isEqual = subscriptionsAutomaticallySkipRepeats ? stateEquality : nil
            subscribe(subscriber, transform: isEqual.map { isEqual in { $0.skipRepeats(isEqual) } })
        } else {
            _subscribeWholeState(subscriber)
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
        core.withLock {
            if let node = core.node(for: subscriber) {
                core.remove(node)
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

    // MARK: Dispatching: dispatch → middleware → reduce → notify

    /// Dispatches an action.
    ///
    /// The action goes through the middleware and the reducer, and every subscriber sees the
    /// resulting state, before this method returns. Called from a subscriber's `newState`, the
    /// action is processed after every subscriber has seen the current state, before the outer
    /// dispatch returns. Called from a reducer, it is reported as misuse and dropped.
    ///
    /// - Parameter action: The action to dispatch.
    open func dispatch(_ action: Action) {
        core.withLock {
            if core.isTracing {
                return Self.dispatchTraced(action, core: core)
            }
            guard core.phase == .idle else {
                return Self.holdBack(action, needsMiddleware: true, core: core)
            }
            // The middleware chain, whose last link is `reduceAndNotify` (or, in a subclass,
            // `_defaultDispatch(action:)`).
            core.runChain(action)
        }
    }

    /// Dispatches an action, recording where it was dispatched from.
    ///
    /// ```swift
    /// store.dispatch(AddTodo(title: "milk"), file: #fileID, line: #line)
    /// ```
    ///
    /// The action goes through ``dispatch(_:)-(Action)`` (so a subclass's override of it still
    /// runs), and while the store processes it, ``DispatchOrigin/current`` holds the call site,
    /// which the store's ``instrumentation`` also receives.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - file: The dispatching file, as `#fileID`.
    ///   - line: The dispatching line, as `#line`.
    public final func dispatch(_ action: Action, file: StaticString, line: UInt) {
        core.withLock {
            core.withCallSite(CallSite(fileID: file, line: line)) { dispatch(action) }
        }
    }

    /// `dispatch(_:)` for a store with an instrumentation, a call site, or a traced action in
    /// progress on this thread.
    private static func dispatchTraced(_ action: Action, core: _StoreCore) {
        let callSite = core.takeCallSite()
        guard core.phase == .idle else {
            return holdBack(action, needsMiddleware: true, callSite: callSite, core: core)
        }
        core.runTraced(action, callSite: callSite, parent: core.middlewareParent, throughChain: true)
    }

    /// Reduces an action and notifies subscribers; the last link of the middleware chain.
    ///
    /// - Parameter action: The action to reduce.
    open func _defaultDispatch(action: Action) {
        Self.reduceAndNotify(action, core: core, cell: cell)
    }

    /// Reduces an action, notifies the subscribers, then processes the actions they dispatched.
    ///
    /// Static, and holding the core and the state rather than the store, so that the chain's
    /// last link can call it without loading a weak reference to the store.
    private static func reduceAndNotify(_ action: Action, core: _StoreCore, cell: _StateCell<State?>) {
        core.withLock {
            // The chain of a store that went away does nothing.
            if core.isClosed { return }
            guard core.phase == .idle else {
                return holdBack(action, needsMiddleware: false, core: core)
            }
            if core.isTracing, let frame = core.currentFrame {
                reduceAndNotifyMeasured(action, core: core, cell: cell, frame: frame)
            } else if core.hasSubscribers {
                reduceAndNotifySubscribers(action, core: core, cell: cell)
            } else {
                core.stateWillChange()
                core.enter(.reducing)
                cell.reduce(action, core)
            }
            core.enter(.idle)
            core.compactIfNeeded()
            if core.hasDeferredActions {
                processDeferredActions(core: core, parent: type(of: action))
            }
        }
    }

    /// Reduces an action and notifies the subscribers, which borrow the old and new states from
    /// boxes. Apart from `reduceAndNotify` so that its generic work (the boxes' and the optional
    /// state's types, which the runtime looks up) costs nothing without subscribers.
    @inline(never)
    private static func reduceAndNotifySubscribers(
        _ action: Action, core: _StoreCore, cell: _StateCell<State?>
    ) {
        let oldState = core.stateBox { cell.read(core).map { core.makeBox($0) } }
        core.enter(.reducing)
        cell.reduce(action, core)
        core.enter(.notifying)
        // Only this thread writes the state, and it holds the lock: it reads the state without
        // the read lock.
        core.notify(oldState: oldState, newState: core.makeBox(cell.read(core)!))
    }

    /// Reduces an action and notifies the subscribers, timing the reducer and each subscriber
    /// into the traced action's frame.
    @inline(never)
    private static func reduceAndNotifyMeasured(
        _ action: Action, core: _StoreCore, cell: _StateCell<State?>, frame: _DispatchFrame
    ) {
        if core.hasSubscribers {
            return reduceAndNotifySubscribersMeasured(action, core: core, cell: cell, frame: frame)
        }
        // No subscribers: nothing generic to look up (see `reduceAndNotifySubscribers`).
        core.stateWillChange()
        core.enter(.reducing)
        let start = _MonotonicClock.now()
        cell.reduce(action, core)
        frame.reducerNanoseconds =
            (frame.reducerNanoseconds ?? 0) &+ _MonotonicClock.nanoseconds(since: start)
    }

    /// `reduceAndNotifySubscribers`, timing the reducer and each subscriber into `frame`.
    @inline(never)
    private static func reduceAndNotifySubscribersMeasured(
        _ action: Action, core: _StoreCore, cell: _StateCell<State?>, frame: _DispatchFrame
    ) {
        let oldState = core.stateBox { cell.read(core).map { core.makeBox($0) } }
        core.enter(.reducing)
        let start = _MonotonicClock.now()
        cell.reduce(action, core)
        let end = _MonotonicClock.now()
        frame.reducerNanoseconds = (frame.reducerNanoseconds ?? 0) &+ (end >= start ? end - start : 0)
        core.enter(.notifying)
        // The first subscriber's time starts at the reducer's end (boxing the state is in it).
        core.notifyMeasured(
            oldState: oldState, newState: core.makeBox(cell.read(core)!), into: frame, start: end)
    }

    /// Handles an action that arrives while this thread is busy with another: deferred while
    /// subscribers are notified, reported and dropped while the reducer runs.
    private static func holdBack(
        _ action: Action, needsMiddleware: Bool, callSite: CallSite? = nil, core: _StoreCore
    ) {
        switch core.phase {
        case .idle:
            preconditionFailure("Internal inconsistency: holding back an action while idle")
        case .notifying:
            core.deferAction(action, needsMiddleware: needsMiddleware, callSite: callSite)
        case .reducing:
            reportDispatchFromReducer(action, core: core)
        }
    }

    /// Dispatches the actions subscribers dispatched during the last notification, in order.
    ///
    /// - Parameter parent: The type of the action whose notification deferred them.
    private static func processDeferredActions(core: _StoreCore, parent: any Action.Type) {
        for deferred in core.takeDeferredActions() {
            // Each action's own notification processes whatever it defers before returning.
            if core.isTracing || deferred.callSite != nil {
                core.runTraced(
                    deferred.action, callSite: deferred.callSite, parent: .subscriber(parent),
                    throughChain: deferred.needsMiddleware)
            } else if deferred.needsMiddleware {
                core.runChain(deferred.action)
            } else {
                core.runLastLink(deferred.action)
            }
        }
    }

    private static func reportDispatchFromReducer(_ action: Action, core: _StoreCore) {
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
        (core.misuseHandler ?? ReSwiftHooks.misuseHandler)(misuse)
    }

    /// `==` on `State`, when `State` is `Equatable`.
    private static func equality() -> ((State, State) -> Bool)? {
        guard let equatable = State.self as? any Equatable.Type else { return nil }
        func isEqual<Value: Equatable>(_: Value.Type) -> (State, State) -> Bool {
            { lhs, rhs in (lhs as? Value) == (rhs as? Value) }
        }
        return isEqual(equatable)
    }

    // MARK: Subscribing (the inlinable entry points are in Store+Subscribing.swift)

    /// Appends a subscriber's node, replacing the same object's earlier node, and delivers the
    /// current state to it.
    @usableFromInline
    @discardableResult
    func _add(_ node: _SubscriptionNode) -> _SubscriptionNode {
        core.withLock {
            // The lock is held: the state can be read without the read lock.
            let state = core.stateBox { cell.read(core).map { core.makeBox($0) } }
            core.add(node, delivering: state)
        }
        return node
    }

    /// Subscribes an object to the whole state, skipping repeated states when
    /// ``subscriptionsAutomaticallySkipRepeats`` is on and `State` is `Equatable`: one lock for
    /// reading that setting and adding the node.
    func _subscribeWholeState<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        core.withLock {
            let node: _SubscriptionNode =
                if storedAutomaticallySkipsRepeats, let stateEquality {
                    _WholeStateSkippingNode(subscriber, isEqual: stateEquality)
                } else {
                    _WholeStateNode(subscriber)
                }
            // The lock is held: the state can be read without the read lock.
            let state = core.stateBox { cell.read(core).map { core.makeBox($0) } }
            core.add(node, delivering: state)
        }
    }

    /// Removes a subscriber's node; removing it twice does nothing.
    func _remove(_ node: _SubscriptionNode) {
        core.withLock { core.remove(node) }
    }
}
