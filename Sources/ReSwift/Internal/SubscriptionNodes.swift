/// One entry in a store's subscriber list.
///
/// A node is not generic: it delivers a state through a closure that receives the old state's
/// box (`nil` when there is none) and the new state's box, as opaque `_StateBox<State>`
/// references. The closure is created by the
/// inlinable `subscribe` functions in the subscriber's module, where the state's and the
/// subscriber's types are known, so the compiler specializes it: the store's loop calls one
/// closure per subscriber with no generic metadata, no witness tables and no copies of the state.
///
/// Nodes are created, delivered to and removed only while the store's dispatch lock is held.
@usableFromInline
final class _SubscriptionNode {
    /// The node's position in the store's list, or `-1` once it was removed.
    @usableFromInline
    var index = -1

    /// The subscriber object's identity, for subscriptions made with an object.
    @usableFromInline
    let objectID: ObjectIdentifier?

    /// Delivers a state. The boxes are only guaranteed to exist during the call.
    ///
    /// - Returns: `false` when the subscriber is gone and the node should be removed.
    @usableFromInline
    let deliver: (_ oldState: UnsafeRawPointer?, _ newState: UnsafeRawPointer) -> Bool

    @usableFromInline
    init(
        objectID: ObjectIdentifier?,
        deliver: @escaping (_ oldState: UnsafeRawPointer?, _ newState: UnsafeRawPointer) -> Bool
    ) {
        self.objectID = objectID
        self.deliver = deliver
    }
}

/// Whether the object at the end of a transformed subscription still exists.
///
/// The subscriber is only loaded (weakly) when a value reaches the end of the chain, so states
/// that a selection skips cost no weak load; the end of the chain records here that the
/// subscriber is gone.
///
/// The flag lives in the object's tail storage and is reached through a pointer: the store
/// never runs a subscription on two threads at once, and a pointer access needs no dynamic
/// exclusivity check on the hot path.
@usableFromInline
final class _SubscriberLiveness: ManagedBuffer<Void, Bool> {
    /// Creates a flag that says the subscriber exists.
    @inlinable
    static func make() -> _SubscriberLiveness {
        let buffer = create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { $0.initialize(to: true) }
        }
        return unsafeDowncast(buffer, to: _SubscriberLiveness.self)
    }

    @inlinable
    var isAlive: Bool {
        get { withUnsafeMutablePointerToElements { $0.pointee } }
        set { withUnsafeMutablePointerToElements { $0.pointee = newValue } }
    }
}

/// A state held in an object, so that subscriptions can borrow it: reading a `let` property of
/// an object the caller keeps alive needs no copy of the state.
@usableFromInline
final class _StateBox<State> {
    @usableFromInline
    let value: State

    @usableFromInline
    init(_ value: State) {
        self.value = value
    }

    /// Calls `body` with the state in the box at `pointer`, without copying it.
    @inlinable
    static func withValue<Result>(at pointer: UnsafeRawPointer, _ body: (State) -> Result) -> Result {
        Unmanaged<_StateBox<State>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0.value) }
    }

    /// Calls `body` with the state. Not inlined: inside, `State` comes from the box's class.
    @usableFromInline
    @inline(never)
    func borrowValue<Result>(_ body: (State) -> Result) -> Result {
        body(value)
    }

    /// A copy of the state in the box at `pointer`, or `nil` for no box.
    @inlinable
    static func value(at pointer: UnsafeRawPointer?) -> State? {
        guard let pointer else { return nil }
        return Unmanaged<_StateBox<State>>.fromOpaque(pointer).takeUnretainedValue().value
    }
}

/// Calls `body` with the state in the `_StateBox<State>` at `pointer`, for code that isn't
/// specialized: the open `subscribe` methods build their closures in this module, where
/// `_StateBox.withValue(at:_:)` would look the box type's metadata up on every call, while the
/// box's own method gets `State` from the box.
@usableFromInline
func _withBoxedState<State, Result>(
    at pointer: UnsafeRawPointer, as _: State.Type, _ body: (State) -> Result
) -> Result {
    Unmanaged<_StateBox<State>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.borrowValue(body) }
}
