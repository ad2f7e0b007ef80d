import ReSwift

/// The `dispatch` an ``AsyncThunk``'s body receives: call it like a function, and the store
/// records the line of each call as the action's call site.
///
/// ```swift
/// let loadBooks = AsyncThunk<AppState, Int> { dispatch, getState in
///     dispatch(SearchStarted())  // CallSite.current is this line
///     let books = try await api.books(matching: getState()?.query ?? "")
///     dispatch(SearchFinished(books))
///     return books.count
/// }
/// ```
///
/// While the store processes an action dispatched this way, `CallSite.current`
/// holds the `#fileID` and `#line` of the call, which the store's instrumentation, the logging
/// middleware, `SessionRecorder` and `TestStore`'s failure messages show.
///
/// A helper that the body hands `dispatch` to keeps the call sites when it takes an
/// `AsyncThunkDispatch` too:
///
/// ```swift
/// func finishSearch(_ books: [Book], dispatch: AsyncThunkDispatch) {
///     dispatch(SearchFinished(books))  // recorded as this line
/// }
/// ```
///
/// A body that uses `dispatch` as a plain `(Action) -> Void` function (stores it in one, or passes
/// it to a parameter of that type), as code written before call sites did, compiles too: Swift
/// then picks the initializer whose body takes ``AsyncThunk/Body``, and that body's dispatches
/// carry no call site.
public struct AsyncThunkDispatch: Sendable {
    private let base: @Sendable (Action) -> Void

    /// Wraps a dispatch function: to call a thunk's body, or a helper that takes an
    /// `AsyncThunkDispatch`, with a dispatch of your own (a recording one, in a test).
    ///
    /// ```swift
    /// let recorded = Locked<[Action]>([])
    /// await finishSearch([], dispatch: AsyncThunkDispatch { action in recorded.withLock { $0.append(action) } })
    /// ```
    ///
    /// - Parameter dispatch: Called with each action. When it is (or calls) the `dispatch`
    ///   function a store hands its middleware, the store receives the call site with the action.
    public init(_ dispatch: @escaping @Sendable (Action) -> Void) {
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
    var function: @Sendable (Action) -> Void { base }
}
