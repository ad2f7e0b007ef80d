extension Store {
    /// Subscribes a closure to the values of a memoized selector: the fast path for derived
    /// values.
    ///
    /// ```swift
    /// let token = store.subscribe(visibleTodos) { todos in render(todos) }
    /// ```
    ///
    /// The closure receives the current value at once, then each new value the selector
    /// computes (for an `Equatable` value, each that differs from the previous), until the token
    /// is cancelled or deallocated. The same as
    /// `subscribe(transform: { $0.select(selector) }, onNewValue)`, without the comparison of
    /// each new value with the previous one that ``subscriptionsAutomaticallySkipRepeats`` adds
    /// there: the selector has compared them once for all its subscribers.
    ///
    /// - Parameters:
    ///   - selector: The selector, shared with any number of other subscriptions.
    ///   - onNewValue: Called with each new value, on the dispatching thread.
    /// - Returns: The token that keeps the subscription alive.
    // Inlinable, a tiny generic entry point: the subscription's delivery is then specialized in
    // the caller's module for its state and value types (measured for issue 32: without it,
    // reswift-bench `derived`'s unrelated change took 2.8× as long).
    @inlinable
    public func subscribe<Selected>(
        _ selector: MemoizedSelector<State, Selected>,
        _ onNewValue: @escaping (Selected) -> Void
    ) -> SubscriptionToken {
        // `Selected` is unconstrained here, so this is the overload that adds no `skipRepeats`.
        subscribe(transform: { $0.select(selector) }, onNewValue)
    }
}

extension Store {
    /// The values a memoized selector computes from the store's states, as an asynchronous
    /// sequence; for `Equatable` values, only changes.
    ///
    /// ```swift
    /// for await todos in store.states(visibleTodos) {
    ///     render(todos)
    /// }
    /// ```
    ///
    /// The selector computes once per change of its inputs however many sequences, subscriptions
    /// and observed slices share it. A sequence of a value that isn't `Equatable` produces it
    /// for each new state, like ``states(_:bufferingPolicy:)-(KeyPath<State,Selection>,_)``.
    ///
    /// - Parameters:
    ///   - selector: The selector.
    ///   - bufferingPolicy: Whether a slow consumer skips to the newest value (the default) or
    ///     receives every value.
    /// - Returns: A sequence that produces the current value, then each new one. Ends when the
    ///   store is deallocated or the consuming task is cancelled.
    public func states<Selected: Sendable>(
        _ selector: MemoizedSelector<State, Selected>,
        bufferingPolicy: StatesBufferingPolicy = .newest
    ) -> StoreStates<Selected> {
        states({ selector($0) }, bufferingPolicy: bufferingPolicy)
    }
}

#if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Store {
        /// An `Observable` object holding the `Equatable` value a memoized selector computes,
        /// whose observers are told only when it changes.
        ///
        /// ```swift
        /// let visible = store.observe(visibleTodos)
        /// withObservationTracking { render(visible.value) } onChange: { … }
        /// ```
        ///
        /// - Parameter selector: The selector, shared with any number of subscriptions.
        /// - Returns: An ``ObservedSlice`` following the store; keep it as long as you observe it.
        public func observe<Value: Equatable>(_ selector: MemoizedSelector<State, Value>) -> ObservedSlice<
            Value
        > {
            observe({ selector($0) })
        }

        /// An `Observable` object holding the value a memoized selector computes, whose
        /// observers are told only when `isRepeat` says it changed.
        ///
        /// - Parameters:
        ///   - selector: The selector, shared with any number of subscriptions.
        ///   - isRepeat: Whether two values are the same.
        /// - Returns: An ``ObservedSlice`` following the store; keep it as long as you observe it.
        public func observe<Value>(
            _ selector: MemoizedSelector<State, Value>,
            isRepeat: @escaping (Value, Value) -> Bool
        ) -> ObservedSlice<Value> {
            observe({ selector($0) }, isRepeat: isRepeat)
        }
    }
#endif
