@_spi(ReSwiftInternal) import InternalReSwiftUtilities

// The store's settings: middleware, the dispatch function, the probe, the misuse handler
// and automatic skipping of repeats, each read and written under the store's lock; and the
// core's chain, misuse reports and closing.

extension Store {
    /// The middleware each action passes through before the reducer, outermost first.
    ///
    /// Setting it rebuilds ``dispatchFunction``.
    public var middleware: [Middleware<State>] {
        get { core.middleware.current }
        set {
            core.lock.withLock {
                core.middleware.withLock { $0 = newValue }
                core.rebuildChain(for: self)
            }
        }
    }

    /// The function ``dispatch(_:)-(Action)`` calls: the middleware chain ending in the reducer.
    ///
    /// Reading it links the middleware, as ReSwift 6.1's lazy `dispatchFunction` does, if no
    /// dispatch did yet. You may replace it, for instance to capture dispatched actions in a test:
    ///
    /// ```swift
    /// var actions: [Action] = []
    /// store.dispatchFunction = { actions.append($0) }
    /// ```
    public var dispatchFunction: DispatchFunction! {
        get {
            core.lock.withLock {
                if !core.locked.isLinked { core.rebuildChain(for: self) }
                return core.locked.chain
            }
        }
        set {
            core.lock.withLock {
                // Replacing it runs no middleware's outer closure, as in ReSwift 6.1.
                if !core.locked.isLinked { core.rebuildChain(for: self, linkingMiddleware: false) }
                core.locked.chain = newValue
                core.locked.reducesDirectly = false
            }
        }
    }

    /// What measures each dispatch of this store (`ReSwiftDevTools`' instrumentation), or `nil`
    /// for nothing. Starts as ``ReSwiftHooks/makeDefaultProbe`` made it.
    package var probe: (any DispatchProbe)? {
        get { core.lock.withLock { core.locked.probe } }
        set { core.lock.withLock { core.locked.probe = newValue } }
    }

    /// The handler for programming errors made with this store, such as dispatching from a
    /// reducer. When `nil`, ``ReSwiftHooks/misuseHandler`` is used.
    public var misuseHandler: ((StoreMisuse) -> Void)? {
        get { core.lock.withLock { core.locked.misuseHandler } }
        set { core.lock.withLock { core.locked.misuseHandler = newValue } }
    }

    /// Whether subscriptions to `Equatable` states and selections skip repeated values
    /// automatically. Changing it affects subscriptions made afterwards.
    public var subscriptionsAutomaticallySkipRepeats: Bool {
        get { core.lock.withLock { core.locked.automaticallySkipsRepeats } }
        set { core.lock.withLock { core.locked.automaticallySkipsRepeats = newValue } }
    }

    /// Dispatches an action, recording where it was dispatched from.
    ///
    /// ```swift
    /// store.dispatch(AddTodo(title: "milk"), file: #fileID, line: #line)
    /// ```
    ///
    /// The action goes through ``dispatch(_:)-(Action)`` (so a subclass's override of it still
    /// runs), and while the store processes it, ``CallSite/current`` holds the call site, which
    /// the store's instrumentation (`ReSwiftDevTools`) also receives.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - file: The dispatching file, as `#fileID`.
    ///   - line: The dispatching line, as `#line`.
    public final func dispatch(_ action: Action, file: StaticString, line: UInt) {
        core.lock.withLock {
            core.locked.pendingCallSite = CallSite(fileID: file, line: line)
            dispatch(action)
            // An override that didn't call the store's dispatch leaves it waiting.
            core.locked.pendingCallSite = nil
        }
    }
}

extension StoreCore {
    /// The state, for any thread.
    var currentState: State? { cell.current }

    /// Reports a programming error to the store's handler, or the package's.
    func report(_ misuse: StoreMisuse) {
        (locked.misuseHandler ?? ReSwiftHooks.misuseHandler)(misuse)
    }

    /// Ends the store: its chain, which middleware may keep, does nothing any more.
    func close() {
        lock.withLock {
            locked.isClosed = true
            locked.chain = nil
            locked.lastLink = nil
            locked.reducesDirectly = false
            subscribers.removeAll()
        }
    }

    /// Links the middleware into the chain that ``Store/dispatchFunction`` holds.
    ///
    /// Nothing in the chain holds the store strongly: middleware may outlive it. The last link
    /// of a plain store reduces through this core, which the store closes when it goes away; a
    /// subclass's goes through `_defaultDispatch(action:)`, which it may override.
    ///
    /// - Parameter linkingMiddleware: `false` to set up only the last link, for a chain that
    ///   replaces the middleware's.
    func rebuildChain(for store: Store<State>, linkingMiddleware: Bool = true) {
        lock.assertHeld()
        // Linked first, so that a middleware that dispatches while it is being linked doesn't
        // link the chain again.
        locked.isLinked = true
        var last: DispatchFunction = reduceAndNotify
        if store._isSubclass { last = { [weak store] action in store?._defaultDispatch(action: action) } }
        locked.lastLink = last
        let middleware = self.middleware.current
        locked.reducesDirectly = middleware.isEmpty && !store._isSubclass
        guard linkingMiddleware else { return }
        let dispatch: DispatchFunction = { [weak store] action in
            if let callSite = CallSite.takePending() {
                store?.dispatch(action, file: callSite.fileID, line: callSite.line)
            } else {
                store?.dispatch(action)
            }
        }
        let getState: () -> State? = { [weak store] in store?.state }
        // The outer closures run here, and may read the store: no access to `locked` is open.
        let chain = Self.link(middleware, dispatch: dispatch, getState: getState, last: last)
        locked.chain = chain
    }

    /// Links the middleware into one function, `F` being `DispatchFunction`.
    ///
    /// Generic over the function type so that the links stay in the form an array stores
    /// closures in: taken out as `DispatchFunction`, each middleware's function would be wrapped
    /// in two more reabstraction thunks, which every dispatch runs.
    private static func link<F>(
        _ middleware: [(@escaping DispatchFunction, @escaping () -> State?) -> (F) -> F],
        dispatch: @escaping DispatchFunction, getState: @escaping () -> State?, last: F
    ) -> F {
        var chain = last
        for link in middleware.reversed() {
            chain = link(dispatch, getState)(chain)
        }
        return chain
    }
}
