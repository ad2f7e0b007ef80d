import ReSwift

/// The `dispatch` a ``Thunk``'s body receives: call it like a function, and the store records
/// the line of each call as the action's call site.
///
/// ```swift
/// let selectCategory = Thunk<AppState> { dispatch, _ in
///     dispatch(ChangeCategory(index: 2))  // CallSite.current is this line
/// }
/// ```
///
/// The synchronous counterpart of ``AsyncThunkDispatch``. A body that uses `dispatch` as a
/// `DispatchFunction` (stores it in one, or passes it to a parameter of that type), as
/// ReSwift-Thunk code does, compiles too: Swift then picks the initializer whose body takes a
/// `DispatchFunction`, and that body's dispatches carry no call site.
// @unchecked Sendable: the function it wraps is either `@Sendable` (the public initializer) or
// the dispatch function the thunk middleware was handed, which is the store's (any thread may
// call it, the store's lock serializes the dispatches) or a harness's that is as safe
// (ExpectThunk's and TestStore's lock what they record). A body may hand it to another thread,
// as ReSwift-Thunk code hands its `dispatch` to a Dispatch queue.
public struct ThunkDispatch: @unchecked Sendable {
    private let base: DispatchFunction

    /// Wraps a dispatch function: to call a thunk's body, or a helper that takes a
    /// `ThunkDispatch`, with a dispatch of your own (a recording one, in a test).
    ///
    /// - Parameter dispatch: Called with each action, from whichever thread the body dispatches
    ///   on. When it is (or calls) the `dispatch` function a store hands its middleware, the
    ///   store receives the call site with the action.
    public init(_ dispatch: @escaping @Sendable (Action) -> Void) {
        self.base = dispatch
    }

    /// Wraps the dispatch function the thunk middleware was handed (see the comment on the type).
    init(middlewareDispatch dispatch: @escaping DispatchFunction) {
        self.base = dispatch
    }

    /// Dispatches `action`, recording where this was called from.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch; it is reduced before this returns.
    ///   - file: The dispatching file; leave the default.
    ///   - line: The dispatching line; leave the default.
    public func callAsFunction(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        CallSite(fileID: file, line: line)._dispatching { base(action) }
    }

    /// The wrapped function, which dispatches without a call site.
    var function: DispatchFunction { base }
}
