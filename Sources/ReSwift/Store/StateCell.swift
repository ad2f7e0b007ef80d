@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A store's state and its reducer, which changes it in place.
///
/// Generic over the *stored* type, always the store's `State?`, so that the store's unspecialized
/// code gets that type's metadata from this object's class instead of looking `Optional<State>`
/// up in the runtime's metadata cache on every dispatch.
final class StateCell<Stored>: @unchecked Sendable {
    // @unchecked Sendable: `value` is changed only by the thread holding the store's lock,
    // holding `lock` too; other threads read it holding `lock`.

    /// Guards `value` for readers on other threads; held while the reducer changes it.
    private let lock = Locked(recursive: true)

    @exclusivity(unchecked) private var value: Stored

    /// The in-place reducer, or ReSwift's form, which returns the next state.
    private let mutate: ((Action, inout Stored) -> Void)?
    private let next: ((Action, Stored) -> Stored)?

    init(_ value: Stored, mutate: @escaping (Action, inout Stored) -> Void) {
        self.value = value
        self.mutate = mutate
        next = nil
    }

    init(_ value: Stored, next: @escaping (Action, Stored) -> Stored) {
        self.value = value
        mutate = nil
        self.next = next
    }

    /// The state, for any thread.
    var current: Stored { lock.withLock { value } }

    /// The state, for the thread holding the store's lock (the only one that changes it).
    var unlocked: Stored { value }

    /// Reduces `action` into the state; readers on other threads wait for it. Call it holding
    /// the store's lock.
    @inline(never)
    func reduce(_ action: Action) {
        lock.lock()
        defer { lock.unlock() }
        if let mutate {
            mutate(action, &value)
        } else if let next {
            value = next(action, value)
        }
    }
}
