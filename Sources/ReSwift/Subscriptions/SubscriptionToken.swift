@_spi(ReSwiftInternal) import InternalReSwiftUtilities

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
public final class SubscriptionToken: Sendable {
    /// Ends the subscription; `nil` once it has ended.
    private let cancellation: Locked<(() -> Void)?>

    init(cancellation: @escaping () -> Void) {
        self.cancellation = Locked(cancellation)
    }

    deinit {
        cancel()
    }

    /// Whether the subscription has ended.
    public var isCancelled: Bool {
        cancellation.withLock { $0 == nil }
    }

    /// Ends the subscription. The closure is not called again once this returns (unless this is
    /// called from the closure itself, on the notifying thread, during a delivery).
    ///
    /// Cancelling twice does nothing.
    public func cancel() {
        let action = cancellation.withLock { $0.take() }
        action?()
    }

    /// Keeps the token alive as long as the given array holds it.
    ///
    /// - Parameter tokens: The collection that owns the token.
    public func store(in tokens: inout [SubscriptionToken]) {
        tokens.append(self)
    }
}
