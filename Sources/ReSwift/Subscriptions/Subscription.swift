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
/// Each operator computes its result once per new state. `select`
/// keeps the last value it selected and passes it as the old value next time, so the old state is
/// never selected again. A `select` followed by `skipRepeats` runs as one step.
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
    /// The store or an upstream operator calls it; an operator that derives a new subscription
    /// from this one sets it.
    public var observer: ((State?, State) -> Void)? {
        didSet { _rawObserver = nil }
    }

    /// For a subscription the store feeds: an entry that receives the old (if any) and new
    /// states' boxes (`_StateBox<State>`), so that it can borrow the states instead of copying
    /// them. Set by `select`; setting ``observer`` clears it.
    /// It returns `false` once the subscriber at the end of the chain is gone.
    @usableFromInline
    var _rawObserver: ((_ oldState: UnsafeRawPointer?, _ newState: UnsafeRawPointer) -> Bool)?

    /// For a subscription the store feeds directly: whether its subscriber still exists.
    @usableFromInline
    let _liveness: _SubscriberLiveness?

    /// For a subscription made by `select`: replaces the select step upstream with one that
    /// selects and skips repeats at once, feeding `sink`.
    @usableFromInline
    var _selectSkippingRepeats:
        ((_ isRepeat: @escaping (State, State) -> Bool, _ sink: @escaping (State?, State) -> Void) -> Void)?

    /// For a subscription made by `select` of an `Equatable` value: like
    /// `_selectSkippingRepeats`, comparing with `==` directly.
    @usableFromInline
    var _selectSkippingEqualValues: ((_ sink: @escaping (State?, State) -> Void) -> Void)?

    /// Creates a subscription whose values come from a source that is handed a sink.
    ///
    /// - Parameter sink: Called at once with the function that forwards values to this
    ///   subscription's ``observer``. Keep that function and call it for each value.
    @inlinable
    public init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        _liveness = nil
        sink { oldState, newState in
            self.newValues(oldState: oldState, newState: newState)
        }
    }

    /// Creates a subscription that the store feeds directly.
    @usableFromInline
    init(liveness: _SubscriberLiveness) {
        _liveness = liveness
    }

    /// Forwards values to the observer.
    @inlinable
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }

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
        let selected = Subscription<Substate> { sink in
            self._installSelect(selector, skippingRepeats: nil, sink: sink)
        }
        selected._selectSkippingRepeats = { [weak self] isRepeat, sink in
            self?._installSelect(selector, skippingRepeats: isRepeat, sink: sink)
        }
        return selected
    }

    /// Installs the step that selects from this subscription's values, optionally skipping
    /// repeats of the selection, and feeds `sink`.
    @inlinable
    func _installSelect<Substate>(
        _ selector: @escaping (State) -> Substate,
        skippingRepeats isRepeat: ((Substate, Substate) -> Bool)?,
        sink: @escaping (Substate?, Substate) -> Void
    ) {
        let last = _LastValue<Substate>.make()
        // Separate closures with and without `isRepeat`, so that neither unwraps an optional
        // closure (a retain) for each value.
        switch (_liveness, isRepeat) {
        case (let liveness?, let isRepeat?):
            observer = nil
            _rawObserver = { _, newState in
                let delivered = _StateBox<State>.withValue(at: newState) {
                    last.update(selector($0), skippingRepeats: isRepeat, sink: sink)
                }
                return !delivered || liveness.isAlive
            }
        case (let liveness?, nil):
            observer = nil
            _rawObserver = { _, newState in
                _StateBox<State>.withValue(at: newState) { last.update(selector($0), sink: sink) }
                return liveness.isAlive
            }
        case (nil, let isRepeat?):
            observer = { _, newState in
                last.update(selector(newState), skippingRepeats: isRepeat, sink: sink)
            }
        case (nil, nil):
            observer = { _, newState in last.update(selector(newState), sink: sink) }
        }
    }

    /// Derives a subscription to the value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate>(
        _ keyPath: KeyPath<State, Substate>
    ) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
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
        if let selectSkippingRepeats = _selectSkippingRepeats {
            // Fold this step into the select before it.
            _selectSkippingRepeats = nil
            _selectSkippingEqualValues = nil
            return Subscription<State> { sink in selectSkippingRepeats(isRepeat, sink) }
        }
        return Subscription<State> { sink in
            self.observer = { oldState, newState in
                if let oldState, isRepeat(oldState, newState) { return }
                sink(oldState, newState)
            }
        }
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
}

extension Subscription where State: Equatable {
    /// Derives a subscription that drops a value equal to the previous one.
    ///
    /// - Returns: A subscription without the repeated values.
    @inlinable
    public func skipRepeats() -> Subscription<State> {
        if let selectSkippingEqualValues = _selectSkippingEqualValues {
            // Fold this step into the select before it.
            _selectSkippingEqualValues = nil
            _selectSkippingRepeats = nil
            return Subscription<State> { sink in selectSkippingEqualValues(sink) }
        }
        return skipRepeats(==)
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
        let selected = Subscription<Substate> { sink in
            self._installSelect(selector, skippingRepeats: nil, sink: sink)
        }
        selected._selectSkippingRepeats = { [weak self] isRepeat, sink in
            self?._installSelect(selector, skippingRepeats: isRepeat, sink: sink)
        }
        selected._selectSkippingEqualValues = { [weak self] sink in
            self?._installSelectSkippingEqualValues(selector, sink: sink)
        }
        return selected
    }

    /// Derives a subscription to the `Equatable` value at a key path of the state.
    ///
    /// - Parameter keyPath: The key path of the part of the state to deliver.
    /// - Returns: A subscription to the selected values.
    @inlinable
    public func select<Substate: Equatable>(
        _ keyPath: KeyPath<State, Substate>
    ) -> Subscription<Substate> {
        select { $0[keyPath: keyPath] }
    }

    /// Installs the step that selects from this subscription's values and skips values equal
    /// to the last one, feeding `sink`.
    @inlinable
    func _installSelectSkippingEqualValues<Substate: Equatable>(
        _ selector: @escaping (State) -> Substate,
        sink: @escaping (Substate?, Substate) -> Void
    ) {
        let last = _LastValue<Substate>.make()
        if let liveness = _liveness {
            observer = nil
            _rawObserver = { _, newState in
                let delivered = _StateBox<State>.withValue(at: newState) {
                    last.updateSkippingEqualValue(selector($0), sink: sink)
                }
                return !delivered || liveness.isAlive
            }
        } else {
            observer = { _, newState in
                last.updateSkippingEqualValue(selector(newState), sink: sink)
            }
        }
    }
}

/// The last value a select step produced.
///
/// Kept in the object's tail storage and reached through a pointer rather than in a captured
/// variable: the store never runs a step on two threads at once, a pointer access needs no
/// dynamic exclusivity check, and the value shares the object's allocation.
@usableFromInline
final class _LastValue<Value>: ManagedBuffer<Void, Value?> {
    /// Creates an empty one.
    @inlinable
    static func make() -> _LastValue<Value> {
        let buffer = create(minimumCapacity: 1) { buffer in
            buffer.withUnsafeMutablePointerToElements { $0.initialize(to: nil) }
        }
        return unsafeDowncast(buffer, to: _LastValue<Value>.self)
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }

    /// Records `value` and passes it on with the previous one, unless it repeats it.
    ///
    /// - Returns: Whether the value was passed on.
    @inlinable
    @discardableResult
    func update(
        _ value: Value, skippingRepeats isRepeat: (Value, Value) -> Bool,
        sink: (Value?, Value) -> Void
    ) -> Bool {
        let isRepeated = withUnsafeMutablePointerToElements { storage in
            if let previous = storage.pointee, isRepeat(previous, value) {
                storage.pointee = value
                return true
            }
            return false
        }
        if isRepeated { return false }
        update(value, sink: sink)
        return true
    }

    /// Records `value` and passes it on with the previous one.
    @inlinable
    func update(_ value: Value, sink: (Value?, Value) -> Void) {
        let previous = withUnsafeMutablePointerToElements { storage in
            let previous = storage.pointee
            storage.pointee = value
            return previous
        }
        sink(previous, value)
    }
}

extension _LastValue where Value: Equatable {
    /// Records `value` and passes it on with the previous one, unless it equals it.
    ///
    /// - Returns: Whether the value was passed on.
    @inlinable
    @discardableResult
    func updateSkippingEqualValue(_ value: Value, sink: (Value?, Value) -> Void) -> Bool {
        let isRepeated = withUnsafeMutablePointerToElements { storage in
            storage.pointee == value
        }
        if isRepeated { return false }
        update(value, sink: sink)
        return true
    }
}
