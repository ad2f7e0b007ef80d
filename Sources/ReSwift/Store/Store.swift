@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// Holds the application state, reduces dispatched actions into new states, and notifies
/// subscribers.
///
/// ```swift
/// struct AppState { var todos: [Todo] = []; var filter = Filter.all }
///
/// func appReducer(action: Action, state: inout AppState) {
///     if let add = action as? AddTodo { state.todos.append(Todo(title: add.title)) }
/// }
///
/// let store = Store(reducer: appReducer, state: AppState())
/// store.dispatch(AddTodo(title: "Milk"))
/// ```
///
/// An in-place reducer (``MutatingReducer``) changes the state where it is, so a dispatch costs
/// what the action changes; ReSwift's form (``Reducer``) copies what it changes.
///
/// A store may be used from any thread. Each action goes through the middleware, the reducer,
/// and every subscriber's `newState` (on the dispatching thread) before the next one starts and
/// before `dispatch` returns. See <doc:StoreContract>, including nested dispatches.
open class Store<State>: StoreType, @unchecked Sendable {
    // @unchecked Sendable: the mutable parts are in `core`, under its lock.

    /// The state, the lock, the middleware and the subscribers: what a dispatch goes through.
    let core: StoreCore<State>

    /// Whether this store is a subclass's: then every subscription goes through the open
    /// subscribing methods, which it may override, as in ReSwift.
    private(set) var _isSubclass = false

    /// The current state: the result of the most recently reduced action. Safe to read from
    /// any thread; a copy you keep makes the next change copy what it changes.
    public var state: State! { core.currentState }

    /// Creates a store with ReSwift's reducer form.
    ///
    /// - Parameters:
    ///   - reducer: The function that computes each new state.
    ///   - state: The initial state. If `nil`, the store reduces ``ReSwiftInit`` to get one.
    ///   - middleware: Functions that see each action before the reducer, in order.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` states and selections
    ///     skip values equal to the previous one without being asked.
    public required init(
        reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        core = StoreCore(
            StateCell(state, next: { action, state in reducer(action, state) }), middleware: middleware,
            automaticallySkipsRepeats: automaticallySkipsRepeats)
        _isSubclass = type(of: self) != Store<State>.self
        // The middleware chain is linked at the first dispatch, as ReSwift 6.1's lazy
        // `dispatchFunction` is: each middleware's outer closure runs then, inside `init` only
        // when it dispatches ReSwiftInit.
        if state == nil { dispatch(ReSwiftInit()) }
    }

    /// Creates a store whose reducer changes the state in place, so that a dispatch costs what
    /// the action changes.
    ///
    /// - Parameters:
    ///   - reducer: Changes the state for each action.
    ///   - state: The initial state. The store still reduces ``ReSwiftInit`` with it first.
    ///   - middleware: Functions that see each action before the reducer, in order.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` states and selections
    ///     skip values equal to the previous one without being asked.
    public init(
        reducer: @escaping MutatingReducer<State>, state: State, middleware: [Middleware<State>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        core = StoreCore(
            StateCell(state) { action, state in reducer(action, &state!) }, middleware: middleware,
            automaticallySkipsRepeats: automaticallySkipsRepeats)
        _isSubclass = type(of: self) != Store<State>.self
        dispatch(ReSwiftInit())
    }

    deinit { core.close() }

    // MARK: Subscribing and action creators (open: a subclass may override them, as in ReSwift)

    /// Subscribes an object to the whole state.
    ///
    /// The subscriber receives the current state at once, then each new state. Subscribing an
    /// object again replaces its subscription. The store holds the subscriber weakly. This
    /// delivers every state; where `State` is known to be `Equatable` at the call site, the
    /// compiler picks the overload that skips repeats instead, as ReSwift 6.1 does (generic code
    /// that doesn't require `Equatable` gets every state). In a subclass, this calls
    /// `subscribe(_:transform:)`, as ReSwift does.
    ///
    /// - Complexity: O(1) amortized.
    open func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        _subscribeWholeState(subscriber, skippingRepeats: nil)
    }

    /// Subscribes an object to a transformed subscription, such as
    /// `store.subscribe(scoreView) { $0.select(\.game.score) }`; a `nil` transform delivers the
    /// whole state.
    ///
    /// - Complexity: O(1) amortized, plus the cost of building the transform.
    open func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        _subscribeObject(subscriber) { transform?($0) ?? Self._wholeState($0) }
    }

    /// Subscribes an object to a transformed subscription of an `Equatable` selection, skipping
    /// repeated values when ``subscriptionsAutomaticallySkipRepeats`` is on.
    open func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        let skipsRepeats = subscriptionsAutomaticallySkipRepeats
        _subscribeObject(subscriber) { root in
            let selected = transform?(root) ?? Self._wholeState(root)
            return skipsRepeats ? selected.skipRepeats() : selected
        }
    }

    /// Unsubscribes an object; unsubscribing one that isn't subscribed does nothing.
    ///
    /// - Complexity: O(1) amortized.
    open func unsubscribe(_ subscriber: AnyStoreSubscriber) {
        core.lock.withLock { core.subscribers.remove(object: subscriber) }
    }

    /// Dispatches the action an action creator returns, if any.
    @available(*, deprecated, message: "Use a Thunk from ReSwiftThunk for logic that needs the state first.")
    open func dispatch(_ actionCreator: @escaping ActionCreator) {
        if let action = actionCreator(state, self) { dispatch(action) }
    }

    /// Runs an async action creator, which calls back with an action creator when it is ready.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk for asynchronous work.")
    open func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator) {
        dispatch(asyncActionCreator, callback: nil)
    }

    /// Runs an async action creator, then calls `callback` with the state once its action was
    /// reduced.
    @available(*, deprecated, message: "Use an AsyncThunk from ReSwiftThunk and await its result.")
    open func dispatch(_ asyncActionCreator: @escaping AsyncActionCreator, callback: DispatchCallback?) {
        asyncActionCreator(state, self) { actionCreator in
            guard let action = actionCreator(self.state, self) else { return }
            self.dispatch(action)
            callback?(self.state)
        }
    }

    // MARK: Dispatching: dispatch → middleware → reduce → notify → deferred actions

    /// Dispatches an action.
    ///
    /// The action goes through the middleware and the reducer, and every subscriber sees the
    /// resulting state, before this method returns. Called from a subscriber's `newState`, the
    /// action is processed after every subscriber has seen the current state, before the outer
    /// dispatch returns. Called from a reducer, it is reported as misuse and dropped.
    ///
    /// - Parameter action: The action to dispatch.
    open func dispatch(_ action: Action) {
        core.lock.lock()
        defer { core.lock.unlock() }
        if !core.locked.isLinked { core.rebuildChain(for: self) }
        // 1. The action arrives at the top of the chain: it runs now, or waits for the
        //    notification in progress, or was dispatched from a reducer. The one arrival check
        //    of a store without middleware, whose chain is `process` itself.
        let isTracing = core.locked.isTracing
        let callSite = isTracing ? core.locked.pendingCallSite : nil
        if isTracing { core.locked.pendingCallSite = nil }
        switch core.locked.cycle.arrive(action, needsMiddleware: true, callSite: callSite) {
        case .process where core.locked.reducesDirectly && !isTracing: core.process(action)
        case .process: core.run(action, throughMiddleware: true, callSite: callSite)
        case .deferred: break
        case .refused: core.report(.dispatchFromReducer(action))
        }
    }

    /// Reduces an action and notifies subscribers: the last link of the middleware chain.
    open func _defaultDispatch(action: Action) {
        core.reduceAndNotify(action)
    }
}

/// What a dispatch goes through: the state, the store's lock with what a dispatch changes inside
/// it (``DispatchState``, kept by the subscriber list) and the subscribers, with one function
/// per step.
///
/// Apart from ``Store`` so that the middleware chain can hold it without holding the store:
/// middleware may outlive the store (a thunk's task), and then the chain does nothing.
final class StoreCore<State>: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is used holding `lock`; the state's cell has
    // a lock of its own for readers on other threads.

    let lock = _StoreLock()
    let cell: StateCell<State?>
    let subscribers: _UnsafeSubscriberList

    /// The middleware, which the chain is linked from.
    let middleware: Locked<[Middleware<State>]>

    /// What a dispatch changes, for the thread holding `lock` (asserted in debug builds): kept by
    /// the unsafe subscriber list, whose accesses under the lock need no dynamic exclusivity
    /// check (they cost 35 ns a dispatch in release builds).
    var locked: DispatchState {
        _read { yield subscribers.dispatchState }
        _modify { yield &subscribers.dispatchState }
    }

    init(_ cell: StateCell<State?>, middleware: [Middleware<State>], automaticallySkipsRepeats: Bool) {
        self.cell = cell
        self.middleware = Locked(middleware)
        let probe = ReSwiftHooks.makeDefaultProbe.current?()
        subscribers = _UnsafeSubscriberList(
            lock: lock,
            dispatchState: DispatchState(automaticallySkipsRepeats: automaticallySkipsRepeats, probe: probe))
    }

    /// 2. The middleware chain, whose last link is `reduceAndNotify` (in a subclass,
    ///    `_defaultDispatch(action:)`), traced when the store or the caller asks (see
    ///    ``DispatchState/isTracing``). With no middleware (in a plain store) the action, which
    ///    already arrived, is processed directly. Called holding the lock, for an action that
    ///    arrived.
    func run(
        _ action: Action, throughMiddleware: Bool, callSite: CallSite?, deferredAfter: Action.Type? = nil
    ) {
        let link = locked.reducesDirectly ? nil : throughMiddleware ? locked.chain : locked.lastLink
        guard locked.isTracing || callSite != nil else {
            if let link { link(action) } else { process(action) }
            return
        }
        // Traced: with its call site current, as the probe's step if there is a probe (which
        // then makes the call site current). Only here is the step a function of its own, so
        // that an untraced dispatch calls the chain straight from here.
        func body() { if let link { link(action) } else { process(action) } }
        locked.traceDepth += 1
        if let probe = locked.probe {
            probe.measure(.action(type(of: action), callSite: callSite, deferredAfter: deferredAfter), body)
        } else {
            CallSiteSlot.current.withCurrent(callSite, body)
        }
        locked.traceDepth -= 1
    }

    /// 3. The end of the chain, which middleware may call at any time, from any thread: the
    ///    action arrives there, then is processed.
    func reduceAndNotify(_ action: Action) {
        lock.lock()
        defer { lock.unlock() }
        if locked.isClosed { return }
        switch locked.cycle.arrive(action, needsMiddleware: false) {
        case .process: process(action)
        case .deferred: return
        case .refused: return report(.dispatchFromReducer(action))
        }
    }

    /// 4. Reduces an action that arrived (the reducer changes the state in place; readers on
    ///    other threads wait for it), notifies, then runs the actions subscribers dispatched.
    func process(_ action: Action) {
        let probe = locked.measuringProbe
        locked.cycle.beginReducing()
        if let probe {
            probe.measure(.reducer) { cell.reduce(action) }
        } else {
            cell.reduce(action)
        }
        subscribers.stateDidChange()
        if locked.cycle.isBatching { return locked.cycle.endInBatch(action) }
        if !subscribers.isEmpty {
            locked.cycle.beginNotifying()
            // The plain path calls the list itself: one frame fewer between dispatch and newState.
            if let probe { notify(measuredBy: probe) } else { subscribers.deliver(cell, measuringInto: nil) }
        }
        locked.cycle.end()
        if locked.cycle.hasDeferredActions { runDeferredActions(after: type(of: action)) }
    }

    /// 5. Every subscriber sees the new state, in subscription order (the list's `deliver`),
    ///    measured as one step of the probe's when there is one.
    func notify(measuredBy probe: (any DispatchProbe)?) {
        guard let probe else { return subscribers.deliver(cell, measuringInto: nil) }
        probe.measure(.notification) { subscribers.deliver(cell, measuringInto: probe) }
    }

    /// 6. The actions subscribers dispatched from `newState`, in order; each one's own
    ///    notification runs whatever it defers before the next. Those dispatched in one batch
    ///    run as one batch.
    func runDeferredActions(after action: Action.Type) {
        var batch: UInt32 = 0
        for deferred in locked.cycle.takeDeferredActions() {
            if deferred.batch != batch {
                if batch != 0 { endBatch() }
                if deferred.batch != 0 { locked.cycle.beginBatch() }
                batch = deferred.batch
            }
            run(
                deferred.action, throughMiddleware: deferred.needsMiddleware, callSite: deferred.callSite,
                deferredAfter: action)
        }
        if batch != 0 { endBatch() }
    }
}

/// What a dispatch changes, and the settings it reads: one value inside the store's lock
/// (``StoreCore/locked``), never beside it.
struct DispatchState {
    /// The phase of the dispatch in progress, and the actions waiting for it.
    var cycle = DispatchCycle()
    /// The middleware chain, ``Store/dispatchFunction``.
    var chain: DispatchFunction?
    /// The chain's last link, for an action deferred after it passed the middleware.
    var lastLink: DispatchFunction?
    /// Whether the chain is `process` alone: no middleware, and not a subclass's.
    var reducesDirectly = false
    /// Whether the chain was linked: at the first dispatch, the first read of
    /// `dispatchFunction`, or when `middleware` is set (ReSwift 6.1's lazy `dispatchFunction`).
    var isLinked = false
    var automaticallySkipsRepeats = true
    var misuseHandler: ((StoreMisuse) -> Void)?
    /// Whether the store went away: the chain, which middleware may keep, does nothing.
    var isClosed = false

    /// What measures each action this store processes (`ReSwiftDevTools`' instrumentation).
    var probe: (any DispatchProbe)?
    /// The call site `dispatch(_:file:line:)` passes to the open `dispatch(_:)`, taken by the
    /// first dispatch that reaches the store.
    var pendingCallSite: CallSite?
    /// How many traced actions are being processed.
    var traceDepth = 0

    /// Whether the next dispatch is traced: when the store has a probe, when its caller gave a
    /// call site, or while another action is traced (so that a nested action hides the outer
    /// one's call site).
    var isTracing: Bool { probe != nil || pendingCallSite != nil || traceDepth > 0 }

    /// The probe that measures the action being processed, if any.
    var measuringProbe: (any DispatchProbe)? { traceDepth > 0 ? probe : nil }
}
