@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A store's state and its reducer, which changes it in place.
///
/// Generic over the *stored* type, always the store's `State?`, so that the store's unspecialized
/// code gets that type's metadata from this object's class instead of looking `Optional<State>`
/// up in the runtime's metadata cache on every dispatch.
final class StateCell<Stored>: @unchecked Sendable {
    // @unchecked Sendable: `mutate` is called only by the thread holding the store's lock.

    /// The state, behind a lock of its own for readers on other threads, held while the reducer
    /// changes it. Recursive: a reducer may read the store's state.
    private let value: Locked<Stored>

    /// The reducer, in place (ReSwift's form, which returns the next state, is wrapped in one:
    /// see `init(_:next:)`).
    private let mutate: (Action, inout Stored) -> Void

    init(_ value: Stored, mutate: @escaping (Action, inout Stored) -> Void) {
        self.value = Locked(value, recursive: true)
        self.mutate = mutate
    }

    /// A cell with ReSwift's reducer form. The closure made here replaces the state with the
    /// type's metadata it captured: made in the store's unspecialized code, it would look
    /// `Optional<State>` up in the runtime's cache on each dispatch (5% of a dispatch's time).
    convenience init(_ value: Stored, next: @escaping (Action, Stored) -> Stored) {
        self.init(value) { action, state in state = next(action, state) }
    }

    /// The state, for any thread.
    var current: Stored { value.withLock { $0 } }

    /// Reduces `action` into the state; readers on other threads wait for it. Call it holding
    /// the store's lock.
    @inline(never)
    func reduce(_ action: Action) {
        value.withLock { mutate(action, &$0) }
    }
}
