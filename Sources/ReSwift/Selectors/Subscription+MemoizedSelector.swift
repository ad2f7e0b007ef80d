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
        if case .custom = _source {
            // Fed by a custom operator: read the selector as each value arrives.
            return Subscription<Selected> { sink in
                let last = SelectorDelivery<Selected>()
                self.observer = { _, state in
                    guard let reading = selector.reading(from: state, after: last.generation) else { return }
                    let (isNew, previous) = last.take(reading, equality: selector.valueEquality)
                    if isNew { sink(previous, reading.value) }
                }
            }
        }
        return Subscription<Selected>(
            source: .select { skip, node, sink in
                // `skip.equalValues` (an Equatable `skipRepeats()`) needs no comparison here: the
                // selector gives an equal value its previous generation, which isn't delivered.
                let predicate = skip.predicate
                let last = SelectorDelivery<Selected>()
                let isEqual = selector.valueEquality
                let deliver: (SelectorReading<Selected>?) -> Bool = { reading in
                    guard let reading else { return true }
                    let (isNew, previous) = last.take(reading, equality: isEqual)
                    guard isNew else { return true }
                    if let predicate, let previous, predicate(previous, reading.value) { return true }
                    return sink(previous, reading.value)
                }
                if case .store = self._source, self._skip.isEmpty {
                    // Fed by the store with nothing in between: the state's version tells the
                    // selector whether it has read this state already.
                    return _ClosureNode<State>(node) { state, subscribers in
                        deliver(
                            selector.reading(
                                from: state, version: subscribers.version, after: last.generation))
                    }
                }
                return self._makeNode(node, passingOldValues: false) { _, newState in
                    deliver(selector.reading(from: newState, after: last.generation))
                }
            },
            skip: _Skip(), selectsEquatableValues: true, context: _context)
    }
}

/// What a subscription made with a selector delivered last.
///
/// Read and written without a dynamic exclusivity check: the store never runs a subscription's
/// steps on two threads at once.
@usableFromInline
final class SelectorDelivery<Value> {
    /// The generation last delivered (0 before the first delivery), and its value.
    @usableFromInline
    @exclusivity(unchecked) var last: (generation: UInt64, value: Value?) = (0, nil)

    @inlinable
    init() {}

    /// The generation last delivered; 0 before the first delivery.
    @inlinable
    var generation: UInt64 {
        last.generation
    }

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
