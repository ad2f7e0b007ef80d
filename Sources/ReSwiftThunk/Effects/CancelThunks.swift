import ReSwift

/// An action that cancels every in-flight async thunk with an id, for code that only has
/// `dispatch` (a thunk's body, a listener, middleware). `store.cancelThunks(id:)` dispatches
/// it.
///
/// ```swift
/// dispatch(CancelThunks(id: "poll"))
/// ```
///
/// The thunk middleware handles it (the reducer never sees it); see
/// ``ThunkEffects/cancel(id:)`` for what cancelling does. Cancelling an id that no thunk uses
/// does nothing.
public struct CancelThunks: Action, Sendable, CustomStringConvertible {
    let id: EffectID

    /// Creates the action that cancels the thunks with `id`.
    ///
    /// - Parameter id: The id given to the thunks, as in
    ///   ``AsyncThunk/init(id:cancelInFlight:fileID:line:body:)``.
    public init(id: some Hashable & Sendable) {
        self.id = EffectID(id)
    }

    /// `CancelThunks(id: search)`.
    public var description: String { "CancelThunks(id: \(id))" }
}

extension Store {
    /// Cancels every in-flight async thunk that has the id `id`.
    ///
    /// ```swift
    /// store.cancelThunks(id: "poll")   // the user left the book view
    /// ```
    ///
    /// Each cancelled thunk's task is cancelled, so its cleanup runs (`defer`, the `catch` of
    /// its `CancellationError`, `withTaskCancellationHandler`'s `onCancel`); the actions it
    /// dispatches from then on are dropped, never reduced (``ThunkEffects/Statistics/droppedActions``
    /// counts them); and `try await store.dispatch(thunk)` throws `CancellationError`.
    /// A debounced thunk that hasn't started its body never starts it. Cancelling an id that no
    /// thunk uses does nothing. Works by dispatching ``CancelThunks``, which the thunk middleware
    /// handles.
    ///
    /// - Parameter id: The id given to the thunks.
    public func cancelThunks(id: some Hashable & Sendable) {
        dispatch(CancelThunks(id: id))
    }
}
