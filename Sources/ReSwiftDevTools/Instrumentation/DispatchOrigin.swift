import ReSwift

/// Where an action was dispatched from: the call site when the caller passed one, the thread,
/// and the action being processed when it was dispatched.
public struct DispatchOrigin: Hashable, Sendable {
    /// The `#fileID` and `#line` of the dispatch, when the caller passed them.
    public var callSite: CallSite?

    /// The thread that dispatched the action.
    public var thread: DispatchThread

    /// The action the store was processing on this thread when this one was dispatched, or
    /// `nil` for a dispatch made outside any other (from input, a timer, a task).
    public var parent: DispatchParent?

    /// Creates an origin.
    ///
    /// - Parameters:
    ///   - callSite: The call site, when known.
    ///   - thread: The dispatching thread.
    ///   - parent: The action being processed when this one was dispatched, if any.
    public init(callSite: CallSite? = nil, thread: DispatchThread, parent: DispatchParent? = nil) {
        self.callSite = callSite
        self.thread = thread
        self.parent = parent
    }

    /// The origin of the action a store is processing on this thread, for middleware that wants
    /// to show or keep where it came from.
    ///
    /// A store with a ``StoreInstrumentation`` makes each action's origin current for as long as
    /// it processes the action on this thread (its middleware, the reducer, the subscribers).
    /// Without one, an action dispatched with a call site has an origin that holds that call
    /// site (`CallSite.current`) and the thread, without a parent. Otherwise, and
    /// outside any dispatch, this is `nil`.
    ///
    /// ```swift
    /// let logCallSites: Middleware<AppState> = { _, _ in
    ///     { next in
    ///         { action in
    ///             if let site = DispatchOrigin.current?.callSite { print(action, "from", site) }
    ///             next(action)
    ///         }
    ///     }
    /// }
    /// ```
    public static var current: DispatchOrigin? {
        // Read without creating the thread's context: a thread that never processed an
        // instrumented action has none, and needn't look its name up.
        if let origin = ThreadContext.existing?.origin { return origin }
        return CallSite.current.map { DispatchOrigin(callSite: $0, thread: .current) }
    }

    /// Runs `body` with `origin` as this thread's ``current`` origin, restoring the previous one
    /// afterwards.
    static func withCurrent<Result>(_ origin: DispatchOrigin?, _ body: () throws -> Result) rethrows -> Result
    {
        let context = ThreadContext.current
        let saved = context.origin
        context.origin = origin
        defer { context.origin = saved }
        return try body()
    }
}

/// How an action came to be dispatched while the store was processing another one.
public enum DispatchParent: Hashable, Sendable {
    /// Dispatched while the middleware of the given action ran on the same thread: by a thunk,
    /// or by a middleware that dispatches follow-up actions.
    case middleware(Any.Type)

    /// Dispatched from a subscriber's `newState` for the state the given action produced, and
    /// processed once every subscriber had seen that state.
    case subscriber(Any.Type)

    /// The parent action's type. (`Any.Type` rather than `any Action.Type`, which is not
    /// `Sendable` because `Action` isn't.)
    public var actionType: Any.Type {
        switch self {
        case .middleware(let type), .subscriber(let type): type
        }
    }

    /// The parent action type's name, e.g. `"Thunk<AppState>"`.
    public var actionTypeName: String {
        String(describing: actionType)
    }

    public static func == (lhs: DispatchParent, rhs: DispatchParent) -> Bool {
        switch (lhs, rhs) {
        case (.middleware(let left), .middleware(let right)), (.subscriber(let left), .subscriber(let right)):
            ObjectIdentifier(left) == ObjectIdentifier(right)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .middleware(let type):
            hasher.combine(0)
            hasher.combine(ObjectIdentifier(type))
        case .subscriber(let type):
            hasher.combine(1)
            hasher.combine(ObjectIdentifier(type))
        }
    }
}
