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
        makeStates(
            select: { $0 }, isRepeat: Self.repeatCheck(for: State.self), bufferingPolicy: bufferingPolicy)
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
        makeStates(
            select: { $0[keyPath: keyPath] },
            isRepeat: Self.repeatCheck(for: Selection.self),
            bufferingPolicy: bufferingPolicy
        )
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
        makeStates(
            select: select, isRepeat: Self.repeatCheck(for: Selection.self), bufferingPolicy: bufferingPolicy)
    }

    func makeStates<Selection: Sendable>(
        select: @escaping (State) -> Selection,
        isRepeat: (@Sendable (Selection, Selection) -> Bool)?,
        bufferingPolicy: StatesBufferingPolicy
    ) -> StoreStates<Selection> {
        let selector = StoreSelector(select)
        return StoreStates(
            subscribe: { [weak self] deliver in
                guard let self else { return nil }
                if let isRepeat {
                    return self.subscribe(
                        transform: { $0.select(selector.select).skipRepeats(isRepeat) },
                        deliver
                    )
                }
                return self.subscribe(transform: { $0.select(selector.select) }, deliver)
            },
            bufferingPolicy: bufferingPolicy,
            isRepeat: isRepeat
        )
    }

    /// `==` for `Equatable` values, `nil` for others.
    static func repeatCheck<Value>(for _: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
        guard Value.self is any Equatable.Type else { return nil }
        return { lhs, rhs in
            guard let lhs = lhs as? any Equatable else { return false }
            return lhs.isEqual(to: rhs)
        }
    }
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this value.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
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
