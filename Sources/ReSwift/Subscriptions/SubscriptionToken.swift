/// Keeps a closure subscription alive; the subscription ends when the token is cancelled or
/// deallocated.
///
/// ```swift
/// let token = store.subscribe { state in
///     print("count:", state.count)
/// }
/// // … later
/// token.cancel()
/// ```
///
/// Closure subscriptions are the store's fast path: the token owns the subscription, so the store
/// needs no weak reference to reach it.
public final class SubscriptionToken: @unchecked Sendable {
    // Sendable: `cancellation` is only read and written while holding `lock`.
    private let lock = Lock()
    private var cancellation: (() -> Void)?

    init(cancellation: @escaping () -> Void) {
        self.cancellation = cancellation
    }

    deinit {
        cancel()
    }

    /// Whether the subscription has ended.
    public var isCancelled: Bool {
        lock.withLock { cancellation == nil }
    }

    /// Ends the subscription. The closure is not called again once this returns (unless this is
    /// called from the closure itself, on the notifying thread, during a delivery).
    ///
    /// Cancelling twice does nothing.
    public func cancel() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { cancellation = nil }
            return cancellation
        }
        action?()
    }

    /// Keeps the token alive as long as the given array holds it.
    ///
    /// - Parameter tokens: The collection that owns the token.
    public func store(in tokens: inout [SubscriptionToken]) {
        tokens.append(self)
    }
}
