@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A programming error made with a store, such as dispatching from inside a reducer.
///
/// Misuse is reported to the store's ``Store/misuseHandler`` if it has one, and otherwise to
/// ``ReSwiftHooks/misuseHandler``, which stops the program by default. Tests replace the
/// handler to assert that misuse is caught.
public struct StoreMisuse: Error, Sendable, CustomStringConvertible {
    /// The kinds of misuse the store detects.
    public enum Kind: Sendable, Equatable {
        /// An action was dispatched while the reducer was running.
        case dispatchFromReducer
    }

    /// What went wrong.
    public let kind: Kind

    /// A description of the action involved, e.g. `"IncrementAction()"`.
    public let action: String

    /// An explanation of what happened and what to do instead.
    public let message: String

    /// Creates a misuse report.
    public init(kind: Kind, action: String, message: String) {
        self.kind = kind
        self.action = action
        self.message = message
    }

    public var description: String { message }
}

/// Where stores report programming errors, process-wide; and the one hook scheme every module of
/// the package follows.
///
/// - Two kinds of handler, named the same everywhere: a `misuseHandler` receives programming
///   errors (a dispatch from a reducer, a negative interval) and by default stops the program;
///   an `errorHandler` receives errors the program goes on after (a thunk's error nobody
///   awaited, a file set aside, a routing issue, an action a recording couldn't write) and by
///   default writes the message to standard error.
/// - One place per module to set them process-wide: its hooks type, `ReSwiftHooks`,
///   `ThunkHooks`, `PersistenceHooks`, `RouterHooks` and `DevToolsHooks`, each with
///   `default…Handler` beside it to go back to.
/// - The object that reports (a store, a middleware, a file, a router, a recorder) takes a
///   handler of the same name (`store.misuseHandler`, `errorHandler:`…) that takes the place of
///   the hook for it; tests, which run in parallel, set those instead of the process-wide hooks.
public enum ReSwiftHooks {
    private static let _misuseHandler = Locked<@Sendable (StoreMisuse) -> Void>(defaultMisuseHandler)

    /// The handler for misuse that a store without its own ``Store/misuseHandler`` reports.
    ///
    /// The default stops the program with the misuse's message, as ReSwift does. Prefer setting
    /// a store's own handler in tests, which run in parallel.
    public static var misuseHandler: @Sendable (StoreMisuse) -> Void {
        get { _misuseHandler.current }
        set { _misuseHandler.withLock { $0 = newValue } }
    }

    /// The default handler: stops the program with the misuse's message.
    public static let defaultMisuseHandler: @Sendable (StoreMisuse) -> Void = { misuse in
        fatalError(misuse.message)
    }
}

extension StoreMisuse {
    /// The misuse of dispatching `action` while a reducer runs.
    static func dispatchFromReducer(_ action: Action) -> StoreMisuse {
        let description = String(describing: action)
        return StoreMisuse(
            kind: .dispatchFromReducer, action: description,
            message: """
                ReSwift: \(description) was dispatched while a reducer was running. Reducers \
                must be pure functions of (action, state) and must not dispatch; the action was \
                dropped. Dispatch follow-up actions from middleware or a thunk instead, or \
                compute the combined change in the reducer.
                """)
    }
}
