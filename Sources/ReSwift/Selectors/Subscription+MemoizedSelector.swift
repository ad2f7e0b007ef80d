extension Subscription {
    /// Derives a subscription to the value a memoized selector computes.
    ///
    /// ```swift
    /// store.subscribe(listView) { $0.select(visibleTodos) }
    /// ```
    ///
    /// The derived subscription delivers a value only when the selector computed a new one (for
    /// an `Equatable` value, one that differs from the previous). Deciding that costs one
    /// comparison of the selector's inputs, whatever the size of its value, and the selector
    /// computes once per change however many subscriptions share it.
    ///
    /// - Parameter selector: The selector, shared with any number of other subscriptions.
    /// - Returns: A subscription to the selector's values.
    @inlinable
    public func select<Selected>(_ selector: MemoizedSelector<State, Selected>) -> Subscription<Selected> {
        // Fed by the store with nothing in between, the state's version tells the selector
        // whether it has read this state already.
        let version = self.version
        let selected: Subscription<Selected> = derive { sink in
            let last = SelectorDelivery<Selected>()
            return .newValues { state in
                let reading =
                    if let version {
                        selector.reading(from: state, version: version(), after: last.generation)
                    } else {
                        selector.reading(from: state, after: last.generation)
                    }
                guard let reading else { return true }
                let (isNew, previous) = last.take(reading, equality: selector.valueEquality)
                return isNew ? sink(previous, reading.value) : true
            }
        }
        // A value equal to the previous one keeps its generation, which isn't delivered.
        selected.skippingRepeats = { [unowned selected] in selected }
        return selected
    }
}

/// What a subscription made with a selector delivered last.
///
/// The store never runs a subscription's steps on two threads at once.
@usableFromInline
final class SelectorDelivery<Value> {
    /// The generation last delivered (0 before the first delivery), and its value.
    @usableFromInline
    var last: (generation: UInt64, value: Value?) = (0, nil)

    /// The generation last delivered; 0 before the first delivery.
    @inlinable
    init() {}

    @inlinable
    var generation: UInt64 { last.generation }

    /// Records `reading` as delivered, unless its value is equal to the one delivered last.
    ///
    /// The selector gives each new value the generation after the previous one, and an equal
    /// value the same generation, so a reading one generation on is always a new value. A
    /// larger step (the selector was read with another store's states in between) may bring
    /// back the value delivered last: with `equality`, that one is compared.
    ///
    /// - Returns: Whether to deliver `reading`, and the value delivered before it, if any.
    @inlinable
    func take(
        _ reading: SelectorReading<Value>, equality: ((Value, Value) -> Bool)?
    ) -> (isNew: Bool, previous: Value?) {
        let previous = last.value
        if let equality, let previous, reading.generation != last.generation &+ 1,
            equality(previous, reading.value)
        {
            last.generation = reading.generation
            return (false, previous)
        }
        last = (reading.generation, reading.value)
        return (true, previous)
    }
}
