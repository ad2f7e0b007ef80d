/// An object that receives states from a store, without naming the state's type.
///
/// Stores hold subscribers weakly and identify them by object identity; ``Store/unsubscribe(_:)``
/// takes this type so that any subscriber can be removed.
public protocol AnyStoreSubscriber: AnyObject {
    /// Receives a new state as an untyped value. Provided for ``StoreSubscriber``s; not called by
    /// the store, which delivers typed values to ``StoreSubscriber/newState(state:)``.
    func _newState(state: Any)
}

/// An object that receives the states a store produces.
///
/// ```swift
/// final class CounterView: StoreSubscriber {
///     func newState(state: Int) { print("count is now", state) }
/// }
/// store.subscribe(counterView) { $0.select(\.count) }
/// ```
public protocol StoreSubscriber: AnyStoreSubscriber {
    /// The type of the value this subscriber receives: the store's state or a selection of it.
    associatedtype StoreSubscriberStateType

    /// Called with the current state when the subscriber subscribes, and with each new state the
    /// subscription lets through after that.
    func newState(state: StoreSubscriberStateType)
}

extension StoreSubscriber {
    public func _newState(state: Any) {
        if let typedState = state as? StoreSubscriberStateType {
            newState(state: typedState)
        }
    }
}
