@_spi(ReSwiftInternal) import ReSwift

/// The type and call site of each action that reaches a middleware, in order: put its
/// ``middleware`` after the one under test (the thunk middleware, say) to see which call sites
/// the actions carry.
///
/// ```swift
/// let log = CallSiteLog<AppState>()
/// let store = Store(reducer: reducer, state: nil, middleware: [createThunkMiddleware(), log.middleware])
/// store.dispatch(loadThunk)
/// #expect(log.callSites(of: "LoadFinished").first??.line == 12)
/// ```
public final class CallSiteLog<State>: Sendable {
    private let entries = Locked<[(action: String, callSite: CallSite?)]>([])

    /// Creates an empty log.
    public init() {}

    /// The middleware that logs each action's type and `CallSite.current`, then
    /// passes the action on.
    public var middleware: Middleware<State> {
        { _, _ in
            { next in
                { action in
                    self.entries.withLock {
                        $0.append(("\(type(of: action))", CallSite.current))
                    }
                    next(action)
                }
            }
        }
    }

    /// The type names of every logged action, in order.
    public var actions: [String] {
        entries.withLock { $0.map(\.action) }
    }

    /// The call sites of every logged action, in order.
    public var callSites: [CallSite?] {
        entries.withLock { $0.map(\.callSite) }
    }

    /// The call sites of the logged actions of one type (its name as `type(of:)` prints it).
    ///
    /// - Parameter type: The action type's name, e.g. `"AddTodo"`.
    /// - Returns: Their call sites, in order.
    public func callSites(of type: String) -> [CallSite?] {
        entries.withLock { $0.filter { $0.action == type }.map(\.callSite) }
    }
}
