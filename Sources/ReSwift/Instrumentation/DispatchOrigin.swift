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
    /// to show or keep the call site (the logging middleware, `SessionRecorder`).
    ///
    /// A store makes an action's origin current for as long as it processes the action on this
    /// thread (its middleware, the reducer, the subscribers), when the action was dispatched
    /// with a call site or the store has a ``StoreInstrumentation``; otherwise, and outside any
    /// dispatch, this is `nil`. It never shows another action's origin: an action dispatched
    /// without one hides the origin of the action around it.
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
        ThreadContext.existing?.origin
    }

    /// Runs `body` with `origin` as this thread's ``current`` origin, restoring the previous one
    /// afterwards, as the store does for each traced action (through the thread context it has
    /// already looked up).
    ///
    /// - Parameters:
    ///   - origin: The origin of the action about to be processed, or `nil` to hide an outer one.
    ///   - body: The processing of that action.
    /// - Returns: What `body` returns.
    static func _withCurrent<Result>(_ origin: DispatchOrigin?, _ body: () throws -> Result) rethrows
        -> Result
    {
        try ThreadContext.current.withOrigin(origin, body)
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

/// A place in the source code that dispatched an action: `#fileID` and `#line`.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `"MemoryGameModel/Thunks.swift"`.
    public let fileID: StaticString

    /// The line.
    public let line: UInt

    /// Creates a call site; the defaults are the caller's.
    ///
    /// - Parameters:
    ///   - fileID: The file, as `#fileID`.
    ///   - line: The line, as `#line`.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `"fileID:line"`, e.g. `"MemoryGameModel/Thunks.swift:42"`.
    public var description: String {
        "\(fileID):\(line)"
    }

    /// Runs `body`, in which the first action that a store's middleware `dispatch` function
    /// (the one middleware and thunks receive) gets on this thread is dispatched with this call
    /// site, as ``Store/dispatch(_:file:line:)`` does. For the package's thunks, whose bodies
    /// only have that function.
    ///
    /// - Parameter body: Calls the middleware's `dispatch` function.
    package func _dispatching(_ body: () -> Void) {
        let context = ThreadContext.current
        let saved = context.pendingCallSite
        context.pendingCallSite = self
        defer { context.pendingCallSite = saved }
        body()
    }

    /// Takes the call site ``_dispatching(_:)`` set on this thread, if any.
    static func takePending() -> CallSite? {
        guard let context = ThreadContext.existing, let callSite = context.pendingCallSite else {
            return nil
        }
        context.pendingCallSite = nil
        return callSite
    }

    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.line == rhs.line && lhs.fileID.description == rhs.fileID.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID.description)
        hasher.combine(line)
    }
}
