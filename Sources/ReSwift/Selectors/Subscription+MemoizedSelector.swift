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
    // Inlinable, a tiny generic entry point: each subscriber's step is then specialized in the
    // caller's module, and the selector's cache is read by plain internal code. Without it
    // (measured for issue 32), reswift-bench `derived`'s unrelated change took 2.7× as long, in
    // generic type look-ups for every subscriber on every state.
    @inlinable
    public func select<Selected>(_ selector: MemoizedSelector<State, Selected>) -> Subscription<Selected> {
        // Fed by the store with nothing in between, the state's version tells the selector
        // whether it has read this state already.
        let version = self.version
        let selected: Subscription<Selected> = derive { sink in
            let delivered = _LastValue<SelectorValue<Selected>>()
            return .newValues { state in
                let known = delivered.value?.generation ?? 0
                guard let latest = selector.latest(for: state, version: version?() ?? 0, after: known) else {
                    return true
                }
                // The selector's cache holds the values it computed, of type `Selected`.
                let new = latest as! SelectorValue<Selected>
                let old = delivered.exchange(new)
                // A value one generation on is new; a larger step (the selector was read with
                // other states in between) may bring back the one delivered last.
                if let old, new.generation != old.generation &+ 1, selector.repeats(old, new) { return true }
                return sink(old?.value, new.value)
            }
        }
        // A value equal to the previous one keeps its generation, which isn't delivered.
        selected.skippingRepeats = { [unowned selected] in selected }
        return selected
    }
}
