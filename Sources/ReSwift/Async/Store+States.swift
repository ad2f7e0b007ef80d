extension Store where State: Sendable {
    /// The store's states as an asynchronous sequence: the current state, then each new one.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     render(state)
    /// }
    /// ```
    ///
    /// Keeps only the newest unconsumed state (see ``StoreStates`` for buffering, and
    /// ``states(bufferingPolicy:)`` to keep every state). Ends when the store is deallocated
    /// or the consuming task is cancelled.
    public var states: StoreStates<State> {
        states(bufferingPolicy: .newest)
    }

    /// The store's states as an asynchronous sequence, with the buffering you choose.
    ///
    /// - Parameter bufferingPolicy: Whether a slow consumer skips to the newest state
    ///   (``StatesBufferingPolicy/newest``) or receives every state (``StatesBufferingPolicy/unbounded``).
    /// - Returns: A sequence that produces the current state, then each new one; for an `Equatable`
    ///   state, never the same state twice in a row.
    public func states(bufferingPolicy: StatesBufferingPolicy) -> StoreStates<State> {
        states({ $0 }, bufferingPolicy: bufferingPolicy)
    }
}

extension Store {
    /// The values of one part of the store's state as an asynchronous sequence; for `Equatable`
    /// values, only changes.
    ///
    /// ```swift
    /// for await isLoading in store.states(\.isLoading) {
    ///     spinner.isHidden = !isLoading
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to produce.
    ///   - bufferingPolicy: Whether a slow consumer skips to the newest value (the default) or
    ///     receives every value.
    /// - Returns: A sequence that produces the current value, then each new one. Ends when the
    ///   store is deallocated or the consuming task is cancelled.
    public func states<Selection: Sendable>(
        _ keyPath: KeyPath<State, Selection>,
        bufferingPolicy: StatesBufferingPolicy = .newest
    ) -> StoreStates<Selection> {
        states({ $0[keyPath: keyPath] }, bufferingPolicy: bufferingPolicy)
    }

    /// The values a selector computes from the store's states, as an asynchronous sequence; for
    /// `Equatable` values, only changes.
    ///
    /// ```swift
    /// for await unread in store.states({ $0.messages.filter(\.isUnread).count }) {
    ///     badge.count = unread
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Computes the value from a state. It runs in the store's notification, on
    ///     the dispatching thread: keep it fast and free of side effects.
    ///   - bufferingPolicy: Whether a slow consumer skips to the newest value (the default) or
    ///     receives every value.
    /// - Returns: A sequence that produces the current value, then each new one. Ends when the
    ///   store is deallocated or the consuming task is cancelled.
    public func states<Selection: Sendable>(
        _ select: @escaping (State) -> Selection,
        bufferingPolicy: StatesBufferingPolicy = .newest
    ) -> StoreStates<Selection> {
        let selector = StoreSelector(select)
        let isRepeat = equality(of: Selection.self)
        return StoreStates(
            subscribe: { [weak self] deliver in
                self?.subscribe(
                    transform: { $0.select(selector.select).skipRepeats(isRepeat ?? { _, _ in false }) },
                    deliver)
            },
            bufferingPolicy: bufferingPolicy, isRepeat: isRepeat)
    }
}

/// `==` for `Equatable` values, `nil` for others.
func equality<Value>(of _: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
    guard Value.self is any Equatable.Type else { return nil }
    return { lhs, rhs in (lhs as? any Equatable).map { isEqual($0, rhs) } ?? false }
}

/// Whether `rhs` is an `Equal` equal to `lhs`.
private func isEqual<Equal: Equatable>(_ lhs: Equal, _ rhs: Any) -> Bool {
    lhs == rhs as? Equal
}

/// A selector that a ``StoreStates`` sequence carries to the tasks that iterate it.
// @unchecked Sendable: `select` is only called by the store while it notifies its subscribers,
// which the store's lock serializes, like any subscription's transform.
final class StoreSelector<State, Selection>: @unchecked Sendable {
    let select: (State) -> Selection

    init(_ select: @escaping (State) -> Selection) {
        self.select = select
    }
}
