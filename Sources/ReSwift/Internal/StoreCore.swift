/// A store's mutable bookkeeping: what the dispatching thread is doing, the actions it deferred,
/// the middleware chain, and the subscriber list.
///
/// The store keeps it in one allocation reached through a pointer (`Store.core`): the fields are
/// read and written on every dispatch, and a class's stored properties would cost a dynamic
/// exclusivity check each time. The pointer is safe to use because every access holds the
/// store's `dispatchLock` (the store's methods take it before touching the core). Nothing here
/// is generic, so the unspecialized store code reaches each field at a fixed offset.
struct _StoreCore {
    /// What the dispatching thread is doing, used to catch and order nested dispatches.
    enum Phase: UInt8 {
        /// Running middleware, or not dispatching at all.
        case idle
        /// Inside the reducer: dispatching now is a programming error.
        case reducing
        /// Calling subscribers: a dispatch now waits until every subscriber has seen the state.
        case notifying
    }

    var phase = Phase.idle

    /// An action that arrived while subscribers were being notified.
    struct DeferredAction {
        var action: Action
        /// Whether it still has to go through the middleware: `false` when it arrived at the
        /// end of the chain (the middleware has seen it), so that middleware sees each action
        /// exactly once.
        var needsMiddleware: Bool
    }

    /// Actions dispatched from `newState`, processed once the current notification is over.
    var deferredActions: [DeferredAction] = []

    /// The middleware chain ending in the reducer (``Store/dispatchFunction``).
    var dispatchFunction: DispatchFunction?

    /// Subscribers in subscription order; `nil` marks a removed one until the list is compacted.
    /// Each entry holds one retain of its node (released by `removeNode` or the store's
    /// `deinit`), so that the notification loop can call nodes without retaining them.
    var nodes: ContiguousArray<Unmanaged<_SubscriptionNode>?> = []

    /// The number of `nil` entries in `nodes`.
    var vacantCount = 0

    /// Nodes removed during the current notification, kept alive until it ends.
    var retiredNodes: [_SubscriptionNode] = []

    /// Object subscribers by identity, for replacing and unsubscribing in O(1).
    var nodesByObject: [ObjectIdentifier: _SubscriptionNode] = [:]

    /// The current state in a `_StateBox<State>`, once a subscription has needed one; `nil`
    /// after the state changed until the next notification or subscription boxes it.
    var stateBox: AnyObject?

    /// Whether any subscriber is in the list.
    var hasSubscribers: Bool { nodes.count > vacantCount }

    /// Allocates a core; the store deallocates it with `destroy(_:)`.
    static func make() -> UnsafeMutablePointer<_StoreCore> {
        let core = UnsafeMutablePointer<_StoreCore>.allocate(capacity: 1)
        core.initialize(to: _StoreCore())
        return core
    }

    /// Releases the nodes the list still holds and frees the core.
    static func destroy(_ core: UnsafeMutablePointer<_StoreCore>) {
        for case let entry? in core.pointee.nodes {
            entry.release()
        }
        core.deinitialize(count: 1)
        core.deallocate()
    }
}

/// Runs the reducer on the state in place and publishes the result.
///
/// Generic over the *optional* state type (always `State?`), so that the unspecialized store code
/// gets that type's metadata from this object's class instead of looking `Optional<State>` up in
/// the runtime's metadata cache on every dispatch (about a quarter of a dispatch's instructions).
final class _Reduction<OptionalState> {
    /// The store's state (the store's `statePointer`, seen as `OptionalState`).
    let storage: UnsafeMutablePointer<OptionalState>

    /// The reducer, returning its state wrapped in an optional.
    let reduce: (Action, OptionalState) -> OptionalState

    init(
        storage: UnsafeMutablePointer<OptionalState>,
        reduce: @escaping (Action, OptionalState) -> OptionalState
    ) {
        self.storage = storage
        self.reduce = reduce
    }

    /// Reduces `action` into the state. Call it holding the store's `dispatchLock`, the only
    /// lock under which the state is written; `stateLock` guards the write against readers.
    func reduce(_ action: Action, publishingUnder stateLock: Lock) {
        let newState = reduce(action, storage.pointee)
        stateLock.lock()
        storage.pointee = newState
        stateLock.unlock()
    }
}

/// A weak reference that is read without a dynamic exclusivity check (a `weak let`), for the
/// closures of the middleware chain, which must not keep the store alive.
final class _WeakReference<Object: AnyObject> {
    weak let object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
