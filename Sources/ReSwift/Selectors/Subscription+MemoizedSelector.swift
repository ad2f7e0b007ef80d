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
            // Only the store's notification, which it serializes, touches `last`.
            var last: SelectorReading<Selected>?
            self.observer = { _, state in
                let reading = selector.reading(from: state)
                if let previous = last, previous.generation == reading.generation { return }
                let previous = last?.value
                last = reading
                sink(previous, reading.value)
            }
        }
    }
}
