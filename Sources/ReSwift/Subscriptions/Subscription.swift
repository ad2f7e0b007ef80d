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
/// The operators only describe their steps; when the transform returns, the store turns the
/// description into one function per subscriber, with each `select` and the skips after it
/// run as one step.
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
    // The operators are inlinable so that their closures are specialized in the subscriber's
    // module for the concrete state types.

    /// The function that receives each value (the old one, if any, and the new one) from upstream.
    ///
    /// An operator written with ``init(sink:)`` sets it on the subscription it derives from.
    public var observer: ((State?, State) -> Void)? {
        didSet {
            // A custom operator now takes this subscription's values: the store connects it.
            if let _context, observer != nil {
                _context.tap = { [self] node, isAlive in
                    self._makeNode(node, passingOldValues: true) { old, new in
                        self.observer?(old, new)
                        return isAlive()
                    }
                }
            }
        }
    }

    /// Where the values come from; see `_Source`.
    @usableFromInline
    let _source: _Source

    /// The skip steps (`skipRepeats`, `skip(when:)`, `only(when:)`) after the source.
    @usableFromInline
    let _skip: _Skip<State>

    /// Whether a `select` of an `Equatable` value made this subscription: then the select step
    /// compares values with `==` itself for `skipRepeats()`.
    @usableFromInline
    let _selectsEquatableValues: Bool

    /// Shared by the subscriptions the store feeds, from the one a transform receives on; `nil`
    /// for those that a custom operator feeds.
    @usableFromInline
    let _context: _SubscriptionContext?

    /// Where a subscription's values come from.
    // Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
    @usableFromInline
    enum _Source {
        /// The store's states: the subscription a transform receives (`State` is the store's).
        case store
        /// Values computed from a subscription the store feeds: `makeNode` turns a function
        /// that takes this subscription's values (after `skip`) into the subscriber's node, which
        /// the store calls with each state. Made by `select`.
        case select(
            makeNode: (_ skip: _Skip<State>, _ node: _NodeInfo, _ sink: @escaping _Sink<State>) -> AnyObject)
        /// Values a custom operator passes to ``newValues(oldState:newState:)``, made by
        /// ``init(sink:)`` (or derived from such a subscription).
        case custom
    }

    @usableFromInline
    init(source: _Source, skip: _Skip<State>, selectsEquatableValues: Bool, context: _SubscriptionContext?) {
        _source = source
        _skip = skip
        _selectsEquatableValues = selectsEquatableValues
        _context = context
    }

    /// Creates the subscription to the whole state that the store hands a transform.
    @usableFromInline
    convenience init(storeContext: _SubscriptionContext) {
        self.init(source: .store, skip: _Skip(), selectsEquatableValues: false, context: storeContext)
    }

    /// Creates a subscription whose values come from a source that is handed a sink.
    ///
    /// - Parameter sink: Called at once with the function that forwards values to this
    ///   subscription's ``observer``. Keep that function and call it for each value.
    @inlinable
    public convenience init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        self.init(source: .custom, skip: _Skip(), selectsEquatableValues: false, context: nil)
        sink { oldState, newState in
            self.newValues(oldState: oldState, newState: newState)
        }
    }

    /// Forwards values to the observer.
    @inlinable
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }

    // MARK: Operators

    /// Derives a subscription to a part of the state.
    ///
    /// The selector runs once per value; the derived subscription passes the previously
    /// selected value as the old one.
    ///
    /// - Parameter selector: Computes the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate>(
        _ selector: @escaping (State) -> Substate
    ) -> Subscription<Substate> {
        _select(selector, equality: _NoEquality<Substate>.self)
    }

    /// Derives a subscription to the value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate>(
        _ keyPath: KeyPath<State, Substate>
    ) -> Subscription<Substate> {
        _select({ $0[keyPath: keyPath] }, equality: _NoEquality<Substate>.self)
    }

    /// The select step: `select` and its `Equatable` overloads.
    ///
    /// - Parameters:
    ///   - selector: Computes the value from each of this subscription's values.
    ///   - equality: `==` on the selection, for an `Equatable` one: what `skipRepeats()` after
    ///     this step compares with (a type, so that the comparison is specialized and inlined).
    @inlinable
    func _select<Substate, Equality: _Equality>(
        _ selector: @escaping (State) -> Substate, equality: Equality.Type
    ) -> Subscription<Substate> where Equality.Value == Substate {
        if case .custom = _source {
            // Fed by a custom operator: select as each value arrives.
            return Subscription<Substate> { sink in
                let step = _SelectStep<State, Substate, Equality>(selector: selector, skip: _Skip()) {
                    previous, value in
                    sink(previous, value)
                    return true
                }
                self.observer = { _, newState in _ = step.receive(newState) }
            }
        }
        return Subscription<Substate>(
            source: .select { skip, node, sink in
                let step = _SelectStep<State, Substate, Equality>(selector: selector, skip: skip, sink: sink)
                if case .store = self._source, self._skip.isEmpty {
                    // Fed by the store with nothing in between: one closure runs the step.
                    return _ClosureNode<State>(node) { state, _ in step.receive(state) }
                }
                return self._makeNode(node, passingOldValues: false) { _, newState in step.receive(newState) }
            },
            skip: _Skip(), selectsEquatableValues: Equality.canCompare, context: _context)
    }

    /// Derives a subscription that drops a value when it repeats the previous one.
    ///
    /// - Parameter isRepeat: Returns `true` when `newState` should be dropped because it repeats
    ///   `oldState`.
    /// - Returns: A subscription without the repeated values.
    @inlinable
    public func skipRepeats(
        _ isRepeat: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        if case .custom = _source {
            return Subscription<State> { sink in
                self.observer = { oldState, newState in
                    if let oldState, isRepeat(oldState, newState) { return }
                    sink(oldState, newState)
                }
            }
        }
        var skip = _skip
        skip.add(isRepeat)
        return Subscription(
            source: _source, skip: skip, selectsEquatableValues: _selectsEquatableValues, context: _context)
    }

    /// Derives a subscription that drops a value when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to drop `newState`.
    /// - Returns: A subscription without the dropped values.
    @inlinable
    public func skip(
        when: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        skipRepeats(when)
    }

    /// Derives a subscription that delivers a value only when the predicate says so.
    ///
    /// The first value (which has no old value) is always delivered.
    ///
    /// - Parameter when: Returns `true` to deliver `newState`.
    /// - Returns: A subscription with only the accepted values.
    @inlinable
    public func only(
        when: @escaping (_ oldState: State, _ newState: State) -> Bool
    ) -> Subscription<State> {
        skipRepeats { oldState, newState in !when(oldState, newState) }
    }

    // MARK: Turning the steps into a subscriber's node

    /// The subscriber's node, which the store calls with each state to feed `sink` with this
    /// subscription's values: the one place where the steps become code. For a subscription
    /// the store feeds (not `custom`).
    ///
    /// - Parameters:
    ///   - node: Who subscribes.
    ///   - passingOldValues: Whether `sink` uses the old values; when it does, the node keeps
    ///     the last state it was given.
    ///   - sink: Takes the values; returns `false` once the subscriber is gone.
    /// - Returns: A `_SubscriptionNode` of the store's state.
    @inlinable
    func _makeNode(_ node: _NodeInfo, passingOldValues: Bool, into sink: @escaping _Sink<State>) -> AnyObject
    {
        switch _source {
        case .store:
            // `State` is the store's state.
            let isRepeat = _skip.predicate
            guard isRepeat != nil || passingOldValues else {
                return _ClosureNode<State>(node) { state, _ in sink(nil, state) }
            }
            // Skipping compares with the state before: the node keeps it, which makes the next
            // change of the state copy what it changes.
            let last = _LastValue<State>()
            return _ClosureNode<State>(node) { state, _ in
                let old = last.value
                last.value = state
                if let old, let isRepeat, isRepeat(old, state) { return true }
                return sink(old, state)
            }
        case .select(let makeNode):
            return makeNode(_skip, node, sink)
        case .custom:
            preconditionFailure("Internal inconsistency: a custom operator's subscription has no node")
        }
    }

    /// The node for a subscriber that receives this subscription's values through `sink`,
    /// which returns `false` once the subscriber is gone (and may get `nil` for the old value).
    ///
    /// - Parameter context: The context of the store subscription this one derives from.
    /// - Returns: A `_SubscriptionNode` of the store's state, or `nil` for a custom operator
    ///   that never took values from upstream.
    @inlinable
    func _node(_ node: _NodeInfo, context: _SubscriptionContext, sink: @escaping _Sink<State>) -> AnyObject? {
        defer { context.tap = nil }
        guard case .custom = _source else {
            return _makeNode(node, passingOldValues: false, into: sink)
        }
        // A custom operator feeds this subscription through an observer it set upstream on a
        // subscription the store feeds (the context's tap).
        let isAlive = _LastValue<Bool>()
        isAlive.value = true
        observer = { oldState, newState in
            if !sink(oldState, newState) { isAlive.value = false }
        }
        return context.tap?(node) { isAlive.value ?? false }
    }
}

/// A function that takes a subscription's values (the previous one, if any, and the new one)
/// and returns `false` once the subscriber at the end is gone.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
typealias _Sink<Value> = (_ oldValue: Value?, _ newValue: Value) -> Bool

/// The skip steps after a subscription's source: a value is dropped when one of them says it
/// repeats the previous value. Each skip sees the same previous and new values, so consecutive
/// skips are one predicate.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
struct _Skip<Value> {
    /// Whether `skipRepeats()` followed an `Equatable` select step, which then compares with `==`.
    @usableFromInline
    var equalValues = false

    /// The other skip steps, as one predicate.
    @usableFromInline
    var predicate: ((Value, Value) -> Bool)?

    @inlinable
    init() {}

    /// Adds a skip step.
    @inlinable
    mutating func add(_ isRepeat: @escaping (Value, Value) -> Bool) {
        if let earlier = predicate {
            predicate = { earlier($0, $1) || isRepeat($0, $1) }
        } else {
            predicate = isRepeat
        }
    }

    /// Whether nothing is skipped.
    @inlinable
    var isEmpty: Bool { !equalValues && predicate == nil }
}

/// `==` for a select step, as a type so that the step's comparison is specialized and inlined.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
protocol _Equality {
    associatedtype Value
    /// Whether the values can be compared (`isEqual` is `==`).
    static var canCompare: Bool { get }
    static func isEqual(_ lhs: Value, _ rhs: Value) -> Bool
}

/// `==` on an `Equatable` selection.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
enum _EqualValues<Value: Equatable>: _Equality {
    @inlinable
    static var canCompare: Bool { true }

    @inlinable
    static func isEqual(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}

/// No `==`: the selection isn't `Equatable`.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
enum _NoEquality<Value>: _Equality {
    @inlinable
    static var canCompare: Bool { false }

    @inlinable
    static func isEqual(_ lhs: Value, _ rhs: Value) -> Bool { false }
}

/// A select step with the skips after it: selects a value from each upstream value, drops it
/// when it repeats the previous selection, and passes it on with the previous one.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
final class _SelectStep<Upstream, Value, Equality: _Equality> where Equality.Value == Value {
    @usableFromInline
    let selector: (Upstream) -> Value

    /// What to skip, decided once.
    @usableFromInline
    enum Check {
        case none, equalValues, predicate, equalValuesOrPredicate
    }

    @usableFromInline
    let check: Check

    @usableFromInline
    let predicate: ((Value, Value) -> Bool)?

    @usableFromInline
    let sink: _Sink<Value>

    /// The previous selection, whether or not it was skipped. Written without a dynamic
    /// exclusivity check: the store never runs a subscription on two threads at once.
    @usableFromInline
    let last = _LastValue<Value>()

    @inlinable
    init(selector: @escaping (Upstream) -> Value, skip: _Skip<Value>, sink: @escaping _Sink<Value>) {
        self.selector = selector
        self.predicate = skip.predicate
        self.sink = sink
        switch (skip.equalValues && Equality.canCompare, skip.predicate != nil) {
        case (false, false): check = .none
        case (true, false): check = .equalValues
        case (false, true): check = .predicate
        case (true, true): check = .equalValuesOrPredicate
        }
    }

    /// Runs the step on one upstream value.
    ///
    /// - Returns: `false` once the subscriber at the end is gone.
    @inlinable
    @inline(__always)
    func receive(_ upstream: Upstream) -> Bool {
        let value = selector(upstream)
        let previous = last.value
        last.value = value
        if let previous {
            switch check {
            case .none: break
            case .equalValues: if Equality.isEqual(previous, value) { return true }
            case .predicate: if predicate!(previous, value) { return true }
            case .equalValuesOrPredicate:
                if Equality.isEqual(previous, value) || predicate!(previous, value) { return true }
            }
        }
        return sink(previous, value)
    }
}

/// What the subscriptions derived from one store subscription share: the subscription whose
/// values a custom operator took, if any.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
final class _SubscriptionContext {
    /// Makes the node of the subscription whose ``Subscription/observer`` a custom operator
    /// set, given whether the subscriber is still there. Cleared once the node is made (it
    /// holds that subscription).
    @usableFromInline
    var tap: ((_ node: _NodeInfo, _ isAlive: @escaping () -> Bool) -> AnyObject)?

    @usableFromInline
    init() {}
}

extension Subscription where State: Equatable {
    /// Derives a subscription that drops a value equal to the previous one.
    ///
    /// - Returns: A subscription without the repeated values.
    @inlinable
    public func skipRepeats() -> Subscription<State> {
        guard _selectsEquatableValues else { return skipRepeats { $0 == $1 } }
        // The select step before compares with `==` itself.
        var skip = _skip
        skip.equalValues = true
        return Subscription(source: _source, skip: skip, selectsEquatableValues: true, context: _context)
    }
}

extension Subscription {
    /// Derives a subscription to an `Equatable` part of the state.
    ///
    /// The selector runs once per value; the derived subscription passes the previously
    /// selected value as the old one.
    ///
    /// - Parameter selector: Computes the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate: Equatable>(
        _ selector: @escaping (State) -> Substate
    ) -> Subscription<Substate> {
        _select(selector, equality: _EqualValues<Substate>.self)
    }

    /// Derives a subscription to the `Equatable` value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate: Equatable>(
        _ keyPath: KeyPath<State, Substate>
    ) -> Subscription<Substate> {
        _select({ $0[keyPath: keyPath] }, equality: _EqualValues<Substate>.self)
    }
}

/// Who subscribes: what a subscriber's node is made with.
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
struct _NodeInfo {
    /// The subscriber object, for subscriptions made with one.
    @usableFromInline
    let object: AnyObject?

    /// The type a closure subscription receives, for instrumentation.
    @usableFromInline
    let selecting: Any.Type

    @inlinable
    init(object: AnyObject?, selecting: Any.Type) {
        self.object = object
        self.selecting = selecting
    }
}

extension _ClosureNode {
    /// A node for `node`'s subscriber that delivers through `body`.
    @inlinable
    convenience init(_ node: _NodeInfo, deliver body: @escaping (State, _UnsafeSubscriberList) -> Bool) {
        self.init(object: node.object, selecting: node.selecting, deliver: body)
    }
}

/// The last value a step of a subscription produced.
///
/// Read and written without a dynamic exclusivity check: the store never runs a subscription
/// on two threads at once (it holds its lock).
// Underscored: @usableFromInline, so clients' inlined code names it; the underscore says it is no API.
@usableFromInline
final class _LastValue<Value> {
    @usableFromInline
    @exclusivity(unchecked) var value: Value?

    @inlinable
    init() {}
}
