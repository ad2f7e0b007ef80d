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
        Subscription<Selected> { sink in
            let last = SelectorDelivery<Selected>()
            self.observer = { _, state in
                guard let reading = selector.reading(from: state, after: last.generation) else { return }
                sink(last.replace(with: reading), reading.value)
            }
        }
    }
}

/// What a subscription made with a selector delivered last.
///
/// Its reading is kept in its own allocation: the store never runs a subscription's steps on two
/// threads at once, and a pointer access needs no dynamic exclusivity check.
@usableFromInline
final class SelectorDelivery<Value> {
    /// The generation last delivered (0 before the first delivery), and its value.
    @usableFromInline
    let last: UnsafeMutablePointer<(generation: UInt64, value: Value?)>

    @inlinable
    init() {
        last = .allocate(capacity: 1)
        last.initialize(to: (0, nil))
    }

    @inlinable
    deinit {
        last.deinitialize(count: 1)
        last.deallocate()
    }

    /// The generation last delivered; 0 before the first delivery.
    @inlinable
    var generation: UInt64 {
        last.pointee.generation
    }

    /// Records `reading` as delivered.
    ///
    /// - Returns: The value delivered before it, if any.
    @inlinable
    func replace(with reading: SelectorReading<Value>) -> Value? {
        let previous = last.pointee.value
        last.pointee = (reading.generation, reading.value)
        return previous
    }
}
