/// A stream of values from a store, which a subscriber transforms before receiving it.
///
/// When you subscribe with a `transform`, the store hands you a subscription to its whole state;
/// you return a derived one. Operators build the derived subscription:
///
/// ```swift
/// store.subscribe(menuView) { subscription in
///     subscription
///         .select(\.menu)       // only the menu slice
///         .skipRepeats()        // added for you for Equatable slices
/// }
/// ```
///
/// Each operator computes its result once per new state. ``select(_:)-(KeyPath<State,Substate>)``
/// keeps the last value it selected and passes it as the old value next time, so the old state is
/// never selected again.
///
/// Write your own operators with ``init(sink:)`` and ``observer``:
///
/// ```swift
/// extension Subscription {
///     func onlyEvery(_ n: Int) -> Subscription<State> {
///         var count = 0
///         return Subscription { sink in
///             self.observer = { old, new in
///                 count += 1
///                 if count % n == 1 { sink(old, new) }
///             }
///         }
///     }
/// }
/// ```
///
/// Subscriptions are driven by their store, which serializes all deliveries: an operator's
/// closures are never run by two threads at once.
public final class Subscription<State> {
    /// The function that receives each value (the old one, if any, and the new one) from upstream.
    ///
    /// The store or an upstream operator calls it; an operator that derives a new subscription
    /// from this one sets it.
    public var observer: ((State?, State) -> Void)?

    /// Creates a subscription whose values come from a source that is handed a sink.
    ///
    /// - Parameter sink: Called at once with the function that forwards values to this
    ///   subscription's ``observer``. Keep that function and call it for each value.
    public init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        sink { oldState, newState in
            self.newValues(oldState: oldState, newState: newState)
        }
    }

    /// Creates a subscription that the store feeds directly.
    init() {}

    /// Forwards values to the observer.
    @inline(__always)
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }

    /// Derives a subscription to a part of the state.
    ///
    /// The selector runs once per value; the derived subscription passes the previously
    /// selected value as the old one.
    ///
    /// - Parameter selector: Computes the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    public func select<Substate>(
        _ selector: @escaping (State) -> Substate
    ) -> Subscription<Substate> {
        Subscription<Substate> { sink in
            var lastSelected: Substate?
            self.observer = { _, newState in
                let selected = selector(newState)
                let previous = lastSelected
                lastSelected = selected
                sink(previous, selected)
            }
        }
    }

    /// Derives a subscription to the value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    public func select<Substate>(
        _ keyPath: KeyPath<State, Substate>
    ) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }

    /// Derives a subscription that drops a value when it repeats the previous one.
    ///
    /// - Parameter isRepeat: Returns `true` when `newState` should be dropped because it repeats
    ///   `oldState`.
    /// - Returns: A subscription without the repeated values.
    public func skipRepeats(
        _ isRepeat: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        Subscription<State> { sink in
            self.observer = { oldState, newState in
                if let oldState, isRepeat(oldState, newState) { return }
                sink(oldState, newState)
            }
        }
    }

    /// Derives a subscription that drops a value when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to drop `newState`.
    /// - Returns: A subscription without the dropped values.
    public func skip(
        when: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        skipRepeats(when)
    }

    /// Derives a subscription that delivers a value only when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to deliver `newState`.
    /// - Returns: A subscription with only the accepted values.
    public func only(
        when: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        skipRepeats { oldState, newState in !when(oldState, newState) }
    }
}

extension Subscription where State: Equatable {
    /// Derives a subscription that drops a value equal to the previous one.
    ///
    /// - Returns: A subscription without the repeated values.
    public func skipRepeats() -> Subscription<State> {
        skipRepeats(==)
    }
}
