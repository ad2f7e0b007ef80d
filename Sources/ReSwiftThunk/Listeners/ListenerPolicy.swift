/// What a listener does when a matching action arrives while an earlier run of it is still
/// running.
public enum ListenerPolicy: Sendable, Equatable {
    /// Start another run; the runs go on side by side.
    case every
    /// Cancel the runs still running, then start a new one: only the latest goes on.
    case latest
    /// Ignore the action while a run is running: the first goes on, the others are dropped.
    case first
}

/// The handle of one listener: ``remove()`` stops it.
///
/// ```swift
/// let registration = listeners.startListening(for: BookOpened.self) { action, listener in … }
/// registration.remove()   // no more runs; the ones running are cancelled
/// ```
public struct ListenerRegistration: Sendable {
    let id: Int
    let remover: @Sendable (Int) -> Void

    /// Stops the listener: no new runs start, and the runs still running are cancelled. Removing
    /// it again does nothing.
    public func remove() {
        remover(id)
    }
}
