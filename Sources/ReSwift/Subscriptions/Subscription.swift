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
/// Each operator computes its result once per new state. `select` keeps the last value it
/// selected and passes it as the old value next time, so the old state is never selected again.
///
/// An operator only describes its step. When the transform returns, the store connects the steps
/// into one function per subscriber, which it calls with each state: select, then the skips,
/// then the subscriber.
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
    /// Takes this subscription's values (the previous one, if any, and the new one) and returns
    /// `false` once the subscriber at the end is gone.
    typealias Sink = (_ oldValue: State?, _ newValue: State) -> Bool

    /// The function that receives each value (the old one, if any, and the new one) from upstream.
    ///
    /// An operator written with ``init(sink:)`` sets it on the subscription it derives from.
    public var observer: ((State?, State) -> Void)? {
        didSet {
            // A custom operator now takes this subscription's values: the store connects it.
            guard observer != nil, let connect, let root else { return }
            root.tapped = { [self] isAlive in
                connect(
                    { old, new in
                        self.observer?(old, new)
                        return isAlive()
                    }, true)
            }
        }
    }

    /// Connects a sink to the store: returns the subscriber's node, which the store calls with
    /// each state to feed `sink` with this subscription's values. The flag says whether the sink
    /// reads old values. `nil` for a subscription that a custom operator feeds.
    let connect: ((_ sink: @escaping Sink, _ needsOldValues: Bool) -> _AnySubscriptionNode)?

    /// What the subscriptions derived from one store subscription share; `nil` for those that a
    /// custom operator feeds.
    let root: SubscriptionRoot?

    /// The version of the state being delivered, for the subscription the store feeds directly.
    let version: (() -> UInt64)?

    /// Whether repeated values are already dropped (a memoized selector's), so that an
    /// `Equatable` ``skipRepeats()`` has nothing to compare.
    var repeatsSkipped = false

    init(
        connect: ((@escaping Sink, Bool) -> _AnySubscriptionNode)?, root: SubscriptionRoot?,
        version: (() -> UInt64)? = nil
    ) {
        self.connect = connect
        self.root = root
        self.version = version
    }

    /// The subscription to the whole state that the store hands a transform: its node calls
    /// the connected steps with each state, keeping the state before only when a step reads it.
    convenience init(store subscribers: _UnsafeSubscriberList, object: AnyObject?, selecting: Any.Type) {
        let none: State? = nil
        self.init(
            connect: { [weak object] sink, needsOldValues in
                guard needsOldValues else {
                    return _ClosureNode<State>(object: object, selecting: selecting) { state, _ in
                        sink(none, state)
                    }
                }
                // Keeping the state before makes the next change of the state copy what it changes.
                let last = _LastValue<State>()
                return _ClosureNode<State>(object: object, selecting: selecting) { state, _ in
                    sink(last.exchange(state), state)
                }
            }, root: SubscriptionRoot(), version: { [unowned subscribers] in subscribers.version })
    }

    /// Creates a subscription whose values come from a source that is handed a sink.
    ///
    /// - Parameter sink: Called at once with the function that forwards values to this
    ///   subscription's ``observer``. Keep that function and call it for each value.
    public convenience init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        self.init(connect: nil, root: nil)
        sink { oldState, newState in self.observer?(oldState, newState) }
    }

    /// The subscription whose values `step` makes from this one's.
    ///
    /// - Parameters:
    ///   - needsOldValues: Whether the step reads this subscription's old values.
    ///   - step: Turns the derived subscription's sink into one that takes this subscription's
    ///     values; called once per subscriber.
    func derive<Value>(
        needsOldValues: Bool, _ step: @escaping (@escaping Subscription<Value>.Sink) -> Sink
    ) -> Subscription<Value> {
        guard let connect else {
            // Fed by a custom operator: the step runs as each value arrives.
            return Subscription<Value> { forward in
                let sink = step { old, new in
                    forward(old, new)
                    return true
                }
                self.observer = { old, new in _ = sink(old, new) }
            }
        }
        return Subscription<Value>(connect: { sink, _ in connect(step(sink), needsOldValues) }, root: root)
    }

    /// The subscriber's node for this subscription, derived from `store`'s states, delivering
    /// each value to `deliver`, which returns `false` once the subscriber is gone; `nil` for a
    /// custom operator that never took values from upstream.
    func node(from store: Subscription<some Any>, delivering deliver: @escaping (State) -> Bool)
        -> _AnySubscriptionNode?
    {
        if let connect { return connect({ _, new in deliver(new) }, false) }
        // A custom operator feeds this subscription through the observer it set upstream, on a
        // subscription the store feeds (the root's `tapped`).
        let isAlive = _LastValue<Bool>()
        isAlive.value = true
        observer = { _, new in if !deliver(new) { isAlive.value = false } }
        defer { store.root?.tapped = nil }
        return store.root?.tapped?({ isAlive.value ?? false })
    }

    // MARK: Operators

    /// Derives a subscription to a part of the state.
    ///
    /// The selector runs once per value; the derived subscription passes the previously
    /// selected value as the old one.
    ///
    /// - Parameter selector: Computes the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    public func select<Substate>(_ selector: @escaping (State) -> Substate) -> Subscription<Substate> {
        derive(needsOldValues: false) { sink in
            let last = _LastValue<Substate>()
            return { _, new in
                let value = selector(new)
                return sink(last.exchange(value), value)
            }
        }
    }

    /// Derives a subscription to the value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    public func select<Substate>(_ keyPath: KeyPath<State, Substate>) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }

    /// Derives a subscription that drops a value when it repeats the previous one.
    ///
    /// Consecutive skips see the same previous value: the one before, whether or not it was
    /// dropped.
    ///
    /// - Parameter isRepeat: Returns `true` when `newState` should be dropped because it repeats
    ///   `oldState`.
    /// - Returns: A subscription without the repeated values.
    public func skipRepeats(
        _ isRepeat: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        derive(needsOldValues: true) { sink in
            { old, new in
                if let old, isRepeat(old, new) { return true }
                return sink(old, new)
            }
        }
    }

    /// Derives a subscription that drops a value when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to drop `newState`.
    /// - Returns: A subscription without the dropped values.
    public func skip(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats(when)
    }

    /// Derives a subscription that delivers a value only when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to deliver `newState`.
    /// - Returns: A subscription with only the accepted values.
    public func only(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats { oldState, newState in !when(oldState, newState) }
    }
}

extension Subscription where State: Equatable {
    /// Derives a subscription that drops a value equal to the previous one.
    ///
    /// - Returns: A subscription without the repeated values.
    public func skipRepeats() -> Subscription<State> {
        repeatsSkipped ? self : skipRepeats { $0 == $1 }
    }
}

/// What the subscriptions derived from one store subscription share.
final class SubscriptionRoot {
    /// Connects the subscription whose ``Subscription/observer`` a custom operator set, given
    /// whether the subscriber is still there.
    var tapped: ((_ isAlive: @escaping () -> Bool) -> _AnySubscriptionNode)?
}
