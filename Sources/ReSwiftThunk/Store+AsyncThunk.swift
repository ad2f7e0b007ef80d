import ReSwift

extension Store {
    /// Runs an async thunk through the store's middleware and returns when its body has finished,
    /// with the value it returned.
    ///
    /// ```swift
    /// let count = try await store.dispatch(loadBooks)
    /// ```
    ///
    /// The store's middleware must include ``createThunkMiddleware()``, which starts the body in a
    /// new task during this call. Cancelling the task that awaits this call cancels that task; if
    /// the awaiting task is already cancelled, the thunk isn't dispatched at all.
    ///
    /// In an `async` context, `store.dispatch(thunk)` resolves to this method (so it needs
    /// `try await`). To start an async thunk without waiting for it there, write
    /// `store.dispatch(thunk as Action)`; from synchronous code, `store.dispatch(thunk)` does that.
    /// In top-level code (a `main.swift`), which Swift type-checks as synchronous when it picks
    /// an overload, give the result a type: `let count: Int = try await store.dispatch(loadBooks)`.
    /// A thunk without a value (`AsyncThunk<State, Void>`) can't be told apart that way, since the
    /// plain `dispatch(_: Action)` returns `Void` too: await it from an `async` function.
    ///
    /// - Parameter thunk: The thunk to run.
    /// - Returns: The value the thunk's body returned.
    /// - Throws: The error the body threw; `CancellationError` when the awaiting task was
    ///   cancelled (and the body honoured it); ``AsyncThunkError`` when no middleware started
    ///   the thunk.
    @discardableResult
    public func dispatch<Value: Sendable>(_ thunk: AsyncThunk<State, Value>) async throws -> Value {
        try Task.checkCancellation()
        var awaited = thunk
        let handoff = ThunkHandoff<Value>()
        awaited.handoff = handoff
        dispatch(awaited as Action)
        guard let task = handoff.task else {
            throw AsyncThunkError(notStarted: "\(thunk)")
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }
}

extension Store {
    /// Starts an async thunk from synchronous code and returns at once: fire and forget.
    ///
    /// ```swift
    /// func searchTapped() {
    ///     store.dispatch(loadBooks)   // starts the body, doesn't wait for it
    /// }
    /// ```
    ///
    /// This is what `store.dispatch(thunk)` does in synchronous code, as the plain `Action`
    /// overload did. It is unavailable from asynchronous contexts, where
    /// `try await store.dispatch(thunk)` waits for the thunk instead. That matters in
    /// a `main.swift` whose top-level code awaits: Swift type-checks
    /// `let count = try await store.dispatch(loadBooks)` there as if the code were synchronous,
    /// and without this overload the thunk would silently fire and forget, leaving `count` a
    /// `()`. Now that line fails to compile with a message that says what to write.
    ///
    /// - Parameter thunk: The thunk to start. An error its body throws goes to the thunk
    ///   middleware's error handler.
    @available(
        *, noasync,
        // One line: the compiler prints an attribute's multi-line string as written, backslashes
        // and indentation included.
        // swift-format-ignore
        message:
            "this would start the thunk without waiting for it. To wait for its value in top-level code, give the result a type (let count: Int = try await store.dispatch(thunk)); a thunk without a value can be awaited only in an async function, so move the call into one; to fire and forget, write store.dispatch(thunk as Action)"
    )
    public func dispatch(_ thunk: any _AsyncThunkAction) {
        dispatch(thunk as Action)
    }
}

/// The async thunks, for the synchronous `Store.dispatch(_:)` overload that keeps top-level code
/// from firing and forgetting by accident. Not API: only ``AsyncThunk`` conforms.
public protocol _AsyncThunkAction: Action {}

extension AsyncThunk: _AsyncThunkAction {}

/// The error `try await store.dispatch(thunk)` throws when no middleware started the thunk.
public struct AsyncThunkError: Error, Sendable, CustomStringConvertible {
    /// The thunk that no middleware started.
    private let thunk: String

    init(notStarted thunk: String) {
        self.thunk = thunk
    }

    /// What went wrong and what to do about it.
    public var description: String {
        "store.dispatch(_:) returned without starting \(thunk): the store's middleware "
            + "doesn't run async thunks, or a middleware before it delayed or swallowed the thunk. "
            + "Add createThunkMiddleware() to the store's middleware, ahead of any middleware "
            + "that holds actions back (and don't replace the store's dispatchFunction)."
    }
}
