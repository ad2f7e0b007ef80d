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
/// An operator only describes its step. When the transform returns, the store connects the steps
/// into one function per subscriber, which it calls with each state: select (which passes the
/// value it selected last as the old one), then the skips, then the subscriber.
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
    // Operators are inlinable so that their steps specialize in the caller (select: 10× faster).

    /// Takes this subscription's values (the previous one, if any, and the new one) and returns
    /// `false` once the subscriber at the end is gone.
    @usableFromInline
    typealias Sink = (_ oldValue: State?, _ newValue: State) -> Bool

    /// What a step takes from upstream: both values, or only the new ones (then no old value
    /// is kept or made for it, which spares unspecialized code a look-up of `State?`'s type).
    @usableFromInline
    enum Feed {
        case values(Sink)
        case newValues((State) -> Bool)
    }

    /// The function that receives each value (the old one, if any, and the new one) from
    /// upstream: an operator written with ``init(sink:)`` sets it on the one it derives from.
    public var observer: ((State?, State) -> Void)? {
        didSet {
            // A custom operator now takes this subscription's values: the store connects it.
            guard observer != nil, let connect, let tapped else { return }
            tapped.value = { [self] isAlive in
                connect(
                    .values { old, new in
                        self.observer?(old, new)
                        return isAlive()
                    })
            }
        }
    }

    /// Connects a step to the store, returning the subscriber's node; `nil` for a subscription
    /// that a custom operator feeds.
    let connect: ((_ feed: Feed) -> _AnySubscriptionNode)?

    /// Shared by the subscriptions derived from one store subscription (`nil` for those that a
    /// custom operator feeds): the one whose ``observer`` a custom operator set, connected given
    /// whether the subscriber is still there.
    let tapped: Tap?
    typealias Tap = _LastValue<(_ isAlive: @escaping () -> Bool) -> _AnySubscriptionNode>

    /// The version of the state being delivered, for the subscription the store feeds directly.
    @usableFromInline
    let version: (() -> UInt64)?

    /// What an `Equatable` ``skipRepeats()`` returns, when the operator before knows better than
    /// comparing with `==` in unspecialized code: an `Equatable` select's specialized comparison,
    /// or nothing to compare after a memoized selector, which drops repeats itself.
    @usableFromInline
    var skippingRepeats: (() -> Subscription<State>)?

    init(connect: ((Feed) -> _AnySubscriptionNode)?, tapped: Tap?, version: (() -> UInt64)? = nil) {
        self.connect = connect
        self.tapped = tapped
        self.version = version
    }

    /// The subscription to the whole state that the store hands a transform. Its node keeps the
    /// state before only when a step reads it: that makes the next change copy what it changes.
    convenience init(store subscribers: _UnsafeSubscriberList, object: AnyObject?, selecting: Any.Type) {
        let connect: (Feed) -> _AnySubscriptionNode = { [weak object] feed in
            switch feed {
            case .newValues(let steps):
                return _ClosureNode(object: object, selecting: selecting, deliver: steps)
            case .values(let steps):
                let last = _LastValue<State>()
                return _ClosureNode(object: object, selecting: selecting) {
                    steps(last.exchange($0), $0)
                }
            }
        }
        self.init(
            connect: connect, tapped: Tap(),
            // Strong (unowned costs two atomics a state); the cycle ends as the node leaves the list.
            version: { subscribers.version })
    }

    /// Creates a subscription whose values come from a source that is handed a sink.
    ///
    /// - Parameter sink: Called at once with the function that forwards values to this
    ///   subscription's ``observer``: keep it and call it for each value.
    public convenience init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        self.init(connect: nil, tapped: nil)
        sink { oldState, newState in self.observer?(oldState, newState) }
    }

    /// The subscription whose values `step` makes from this one's. `step` turns the derived
    /// subscription's sink into what takes this subscription's values; called once per subscriber.
    @usableFromInline
    func derive<Value>(_ step: @escaping (@escaping Subscription<Value>.Sink) -> Feed) -> Subscription<Value>
    {
        guard let connect else {
            // Fed by a custom operator: the step runs as each value arrives.
            return Subscription<Value> { forward in
                switch step({ old, new in
                    forward(old, new)
                    return true
                }) {
                case .values(let sink): self.observer = { old, new in _ = sink(old, new) }
                case .newValues(let sink): self.observer = { _, new in _ = sink(new) }
                }
            }
        }
        // Each step connects to the one before: the last step's feed is the subscriber's.
        return Subscription<Value>(
            connect: { feed in
                switch feed {
                case .values(let sink): connect(step(sink))
                case .newValues(let sink): connect(step { _, new in sink(new) })
                }
            }, tapped: tapped)
    }

    /// The subscriber's node, delivering each value to `deliver` (`false` once the subscriber is
    /// gone); `nil` for a custom operator that never took values from the store's subscription.
    func node(tapping tap: Tap?, delivering deliver: @escaping (State) -> Bool) -> _AnySubscriptionNode? {
        if let connect { return connect(.newValues(deliver)) }
        // A custom operator feeds this subscription through the observer it set upstream, on a
        // subscription the store feeds (`tap`, that subscription's `tapped`).
        let isGone = _LastValue<Bool>()
        observer = { _, new in if !deliver(new) { isGone.value = true } }
        defer { tap?.value = nil }
        return tap?.value?({ isGone.value == nil })
    }

    /// Derives a subscription to a part of the state. The selector runs once per value; the
    /// derived subscription passes the previously selected value as the old one.
    ///
    /// - Parameter selector: Computes the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate>(_ selector: @escaping (State) -> Substate) -> Subscription<Substate> {
        derive { sink in
            let last = _LastValue<Substate>()
            return .newValues { new in
                let value = selector(new)
                return sink(last.exchange(value), value)
            }
        }
    }

    /// Derives a subscription to the value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate>(_ keyPath: KeyPath<State, Substate>) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }

    /// Derives a subscription that drops a value when it repeats the previous one. Consecutive
    /// skips see the same previous value: the one before, whether or not it was dropped.
    ///
    /// - Parameter isRepeat: Returns `true` when the new value (the second) should be dropped
    ///   because it repeats the old one.
    /// - Returns: A subscription without the repeated values.
    @inlinable
    public func skipRepeats(_ isRepeat: @escaping (State, State) -> Bool) -> Subscription<State> {
        derive { sink in
            .values { old, new in
                if let old, isRepeat(old, new) { return true }
                return sink(old, new)
            }
        }
    }

    /// Derives a subscription that drops a value when the predicate says so, as
    /// ``skipRepeats(_:)`` does. The first value (which has no old value) is always delivered.
    public func skip(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats(when)
    }

    /// Derives a subscription that delivers a value only when the predicate says so. The first
    /// value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to deliver `newState`.
    /// - Returns: A subscription with only the accepted values.
    public func only(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats { oldState, newState in !when(oldState, newState) }
    }

    /// Derives a subscription that drops a value equal to the previous one.
    public func skipRepeats() -> Subscription<State> where State: Equatable {
        skippingRepeats?() ?? skipRepeats { $0 == $1 }
    }

    /// `select(_:)` for an `Equatable` part of the state: the skip that subscribing adds then
    /// compares with `==` in the caller's specialized code.
    @inlinable
    public func select<Substate: Equatable>(_ selector: @escaping (State) -> Substate) -> Subscription<
        Substate
    > {
        func select(skippingRepeats: Bool) -> Subscription<Substate> {
            derive { sink in
                let last = _LastValue<Substate>()
                return .newValues { new in
                    let value = selector(new)
                    let old = last.exchange(value)
                    if skippingRepeats, let old, old == value { return true }
                    return sink(old, value)
                }
            }
        }
        let selected = select(skippingRepeats: false)
        selected.skippingRepeats = { select(skippingRepeats: true) }
        return selected
    }

    /// `select(_:)` for the `Equatable` value at a key path of the state.
    @inlinable
    public func select<Substate: Equatable>(_ keyPath: KeyPath<State, Substate>) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }
}
