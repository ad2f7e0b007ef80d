@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A value derived from the state that is recomputed only when its inputs change.
///
/// Build a selector from its inputs (key paths, ``SelectorInput``s, or other selectors) and a
/// function that computes the value from them. Reading it with a state reads the inputs, and
/// returns the cached value when they are the same as last time:
///
/// ```swift
/// let visibleTodos = MemoizedSelector(\AppState.todos, \.filter) { todos, filter in
///     todos.filter(filter.matches).sorted { $0.title < $1.title }
/// }
/// let visibleCount = MemoizedSelector(visibleTodos) { $0.count }   // a selector of a selector
///
/// store.subscribe(listView) { $0.select(visibleTodos) }
/// let token = store.subscribe(transform: { $0.select(visibleCount) }) { print($0, "to do") }
/// for await todos in store.states(visibleTodos) { … }
/// ```
///
/// One selector shared by any number of subscriptions, state streams and observed slices
/// computes once per change of its inputs: the first reader computes, the others get the cached
/// value. A subscription made with ``Subscription/select(_:)-(MemoizedSelector<State,Selected>)``
/// is delivered a value only when the selector computed a new one (for an `Equatable` value, one
/// that differs from the previous), without comparing values per subscriber.
///
/// **Inputs.** Key paths passed directly must lead to `Equatable` values and are compared with
/// `==` (for arrays and strings that is O(1) when the value was not touched, because they share
/// storage). Use ``SelectorInput`` to compare objects by identity or with your own function. A
/// selector used as an input is compared by whether it recomputed.
///
/// **Caching.** A selector remembers the value of its latest inputs. Used with one store, that
/// is all it needs; for values that depend on a parameter as well as on the state ("todos
/// matching this query"), make one selector per parameter with ``ParameterizedSelector``.
///
/// **Threads.** A selector may be read from any thread: its cache is under a lock, and the value
/// is computed under that lock, so concurrent readers of a new state compute it once. The
/// compute function must therefore not read the same selector. Keep input functions fast (they
/// run for every reader on every state) and every function free of side effects.
public final class MemoizedSelector<State, Value> {
    // Reading a selector is inlinable, like the subscription operators, so that its closures
    // are specialized in the module that builds the selector for the concrete state and value
    // types: every subscriber reads it on every state. Measured (issue 32): without it,
    // reswift-bench `derived` took 2.4× as long, and its unrelated change 12×, mostly in generic
    // metadata look-ups.

    /// Reads the inputs from a state (unless the state has the version the cached value was last
    /// read from), and returns the cached or newly computed value, or `nil` when its generation
    /// is the one given (which the caller has already).
    @usableFromInline
    let evaluate: (State, _ version: UInt64, _ knownGeneration: UInt64) -> SelectorReading<Value>?

    /// How many times the value was computed.
    @usableFromInline
    let countRecomputations: () -> Int

    /// `==` on values when `Value` is `Equatable`.
    @usableFromInline
    let valueEquality: ((Value, Value) -> Bool)?

    /// Creates a selector over inputs read together as `Inputs`.
    @inlinable
    init<Inputs>(
        read: @escaping (State) -> Inputs,
        isSame: @escaping (_ old: Inputs, _ new: Inputs) -> Bool,
        compute: @escaping (Inputs) -> Value
    ) {
        let resultIsEqual = Self.resultEquality()
        let memo = SelectorMemo(isSame: isSame, compute: compute, resultIsEqual: resultIsEqual)
        valueEquality = resultIsEqual
        evaluate = { state, version, known in memo.reading(version: version, after: known) { read(state) } }
        countRecomputations = { memo.recomputationCount }
    }

    /// The selector's value for a state, computed only if the inputs changed since the last
    /// computation.
    ///
    /// ```swift
    /// let todos = visibleTodos(store.state)
    /// ```
    ///
    /// - Parameter state: The state to read the inputs from.
    /// - Returns: The derived value.
    @inlinable
    public func callAsFunction(_ state: State) -> Value {
        reading(from: state).value
    }

    /// How many times this selector has computed its value: useful in tests that check it
    /// doesn't recompute.
    public var recomputations: Int {
        countRecomputations()
    }

    /// The value for a state with the generation that computed it; a new generation means a
    /// new value.
    @inlinable
    func reading(from state: State) -> SelectorReading<Value> {
        // Generations start at 1: there is always a reading newer than 0.
        guard let reading = evaluate(state, 0, 0) else {
            preconditionFailure("Internal inconsistency: a selector's reading has generation 0")
        }
        return reading
    }

    /// The value for a state with its generation, or `nil` when the generation is `known`: a
    /// reader that has that generation's value needs nothing (not even a copy of the value).
    @inlinable
    func reading(from state: State, after known: UInt64) -> SelectorReading<Value>? {
        evaluate(state, 0, known)
    }

    /// `reading(from:after:)` for a state the store numbered `version`: when the cached value was
    /// last read from that version, the inputs aren't read or compared again. The subscribers of
    /// one state share its version, so all but the first pay one comparison of numbers.
    @inlinable
    func reading(from state: State, version: UInt64, after known: UInt64) -> SelectorReading<Value>? {
        evaluate(state, version, known)
    }

    /// `==` on values when `Value` is `Equatable`: a recomputed value equal to the cached one
    /// keeps the cached one and its generation, so readers see no change.
    @usableFromInline
    static func resultEquality() -> ((Value, Value) -> Bool)? {
        guard let equatable = Value.self as? any Equatable.Type else { return nil }
        func isEqual<Equal: Equatable>(_: Equal.Type) -> (Value, Value) -> Bool {
            { lhs, rhs in (lhs as? Equal) == (rhs as? Equal) }
        }
        return isEqual(equatable)
    }
}

// @unchecked Sendable: the cache is only touched under its lock (see `SelectorMemo`); the
// closures call only the caller's `@Sendable` functions, `Sendable` key paths and input
// selectors; inputs are compared under the lock and never handed out, and the values that are
// handed out are `Sendable`.
extension MemoizedSelector: @unchecked Sendable where Value: Sendable {}

extension MemoizedSelector: SelectorInputConvertible {
    /// The selector as an input of another selector, compared by whether it recomputed.
    @inlinable
    public var selectorInput: SelectorInput<State, Value> {
        SelectorInput(self)
    }
}

// MARK: - Creating a selector

extension MemoizedSelector {
    /// Creates a selector with one input.
    ///
    /// ```swift
    /// let doneCount = MemoizedSelector(\AppState.todos) { $0.filter(\.isDone).count }
    /// let titles = MemoizedSelector(visibleTodos) { $0.map(\.title) }
    /// ```
    ///
    /// - Parameters:
    ///   - input: A ``SelectorInput`` or another selector.
    ///   - compute: Computes the value from the input; runs only when the input changed.
    @inlinable
    public convenience init<A>(
        _ input: some SelectorInputConvertible<State, A>,
        _ compute: @escaping @Sendable (A) -> Value
    ) {
        let a = input.selectorInput
        self.init(
            read: { a.read($0) },
            isSame: { old, new in a.isSame(old, new) },
            compute: { compute($0.value) })
    }

    /// Creates a selector with two inputs.
    ///
    /// - Parameters:
    ///   - input1: A ``SelectorInput`` or another selector.
    ///   - input2: A ``SelectorInput`` or another selector.
    ///   - compute: Computes the value from the inputs; runs only when one of them changed.
    @inlinable
    public convenience init<A, B>(
        _ input1: some SelectorInputConvertible<State, A>,
        _ input2: some SelectorInputConvertible<State, B>,
        _ compute: @escaping @Sendable (A, B) -> Value
    ) {
        let a = input1.selectorInput
        let b = input2.selectorInput
        self.init(
            read: { (a.read($0), b.read($0)) },
            isSame: { old, new in a.isSame(old.0, new.0) && b.isSame(old.1, new.1) },
            compute: { compute($0.0.value, $0.1.value) })
    }

    /// Creates a selector with three inputs.
    ///
    /// - Parameters:
    ///   - input1: A ``SelectorInput`` or another selector.
    ///   - input2: A ``SelectorInput`` or another selector.
    ///   - input3: A ``SelectorInput`` or another selector.
    ///   - compute: Computes the value from the inputs; runs only when one of them changed.
    @inlinable
    public convenience init<A, B, C>(
        _ input1: some SelectorInputConvertible<State, A>,
        _ input2: some SelectorInputConvertible<State, B>,
        _ input3: some SelectorInputConvertible<State, C>,
        _ compute: @escaping @Sendable (A, B, C) -> Value
    ) {
        let a = input1.selectorInput
        let b = input2.selectorInput
        let c = input3.selectorInput
        self.init(
            read: { (a.read($0), b.read($0), c.read($0)) },
            isSame: { old, new in
                a.isSame(old.0, new.0) && b.isSame(old.1, new.1) && c.isSame(old.2, new.2)
            },
            compute: { compute($0.0.value, $0.1.value, $0.2.value) })
    }

    /// Creates a selector with four inputs.
    ///
    /// - Parameters:
    ///   - input1: A ``SelectorInput`` or another selector.
    ///   - input2: A ``SelectorInput`` or another selector.
    ///   - input3: A ``SelectorInput`` or another selector.
    ///   - input4: A ``SelectorInput`` or another selector.
    ///   - compute: Computes the value from the inputs; runs only when one of them changed.
    @inlinable
    public convenience init<A, B, C, D>(
        _ input1: some SelectorInputConvertible<State, A>,
        _ input2: some SelectorInputConvertible<State, B>,
        _ input3: some SelectorInputConvertible<State, C>,
        _ input4: some SelectorInputConvertible<State, D>,
        _ compute: @escaping @Sendable (A, B, C, D) -> Value
    ) {
        let a = input1.selectorInput
        let b = input2.selectorInput
        let c = input3.selectorInput
        let d = input4.selectorInput
        self.init(
            read: { (a.read($0), b.read($0), c.read($0), d.read($0)) },
            isSame: { old, new in
                a.isSame(old.0, new.0) && b.isSame(old.1, new.1) && c.isSame(old.2, new.2)
                    && d.isSame(old.3, new.3)
            },
            compute: { compute($0.0.value, $0.1.value, $0.2.value, $0.3.value) })
    }

    /// Creates a selector of one `Equatable` value at a key path of the state.
    ///
    /// ```swift
    /// let doneCount = MemoizedSelector(\AppState.todos) { $0.filter(\.isDone).count }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The input, compared with `==`.
    ///   - compute: Computes the value from the input; runs only when the input changed.
    @inlinable
    public convenience init<A: Equatable>(
        _ keyPath: KeyPath<State, A> & Sendable,
        _ compute: @escaping @Sendable (A) -> Value
    ) {
        self.init(SelectorInput(keyPath), compute)
    }

    /// Creates a selector of two `Equatable` values at key paths of the state.
    ///
    /// ```swift
    /// let visibleTodos = MemoizedSelector(\AppState.todos, \.filter) { todos, filter in
    ///     todos.filter(filter.matches)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath1: An input, compared with `==`.
    ///   - keyPath2: An input, compared with `==`.
    ///   - compute: Computes the value from the inputs; runs only when one of them changed.
    @inlinable
    public convenience init<A: Equatable, B: Equatable>(
        _ keyPath1: KeyPath<State, A> & Sendable,
        _ keyPath2: KeyPath<State, B> & Sendable,
        _ compute: @escaping @Sendable (A, B) -> Value
    ) {
        self.init(SelectorInput(keyPath1), SelectorInput(keyPath2), compute)
    }

    /// Creates a selector of three `Equatable` values at key paths of the state.
    ///
    /// - Parameters:
    ///   - keyPath1: An input, compared with `==`.
    ///   - keyPath2: An input, compared with `==`.
    ///   - keyPath3: An input, compared with `==`.
    ///   - compute: Computes the value from the inputs; runs only when one of them changed.
    @inlinable
    public convenience init<A: Equatable, B: Equatable, C: Equatable>(
        _ keyPath1: KeyPath<State, A> & Sendable,
        _ keyPath2: KeyPath<State, B> & Sendable,
        _ keyPath3: KeyPath<State, C> & Sendable,
        _ compute: @escaping @Sendable (A, B, C) -> Value
    ) {
        self.init(SelectorInput(keyPath1), SelectorInput(keyPath2), SelectorInput(keyPath3), compute)
    }
}

// MARK: - The cache

/// The cache of one selector: its latest inputs and the value computed from them.
@usableFromInline
final class SelectorMemo<Inputs, Value> {
    /// The mutable part of the cache: the latest computation, field by field so that each is
    /// read without copying the others.
    @usableFromInline
    struct Storage {
        /// The inputs of the latest computation; `nil` before the first.
        @usableFromInline
        var inputs: Inputs?
        /// The value of the latest computation; `nil` before the first.
        @usableFromInline
        var value: Value?
        /// Incremented when a computation produced a new value; 0 before the first.
        @usableFromInline
        var generation: UInt64 = 0
        /// How many times the value was computed.
        @usableFromInline
        var recomputations = 0
        /// The version of the state the cached value was last read from, or 0 when it was read
        /// from a state without one. No two states of any store share a version, so the same
        /// number means the same inputs.
        @usableFromInline
        var stateVersion: UInt64 = 0

        @inlinable
        init() {}
    }

    @usableFromInline
    let lock = SelectorLock()

    /// The cache. Only touched while holding `lock`, which makes each access exclusive: hence
    /// no dynamic exclusivity check, which every subscriber would pay on every state.
    @usableFromInline
    @exclusivity(unchecked) var storage = Storage()

    // Called only while holding `lock`.
    @usableFromInline
    let isSame: (_ old: Inputs, _ new: Inputs) -> Bool
    @usableFromInline
    let compute: (Inputs) -> Value
    @usableFromInline
    let resultIsEqual: ((Value, Value) -> Bool)?

    @inlinable
    init(
        isSame: @escaping (_ old: Inputs, _ new: Inputs) -> Bool,
        compute: @escaping (Inputs) -> Value,
        resultIsEqual: ((Value, Value) -> Bool)?
    ) {
        self.isSame = isSame
        self.compute = compute
        self.resultIsEqual = resultIsEqual
    }

    /// How many times the value was computed.
    @inlinable
    var recomputationCount: Int {
        lock.acquire()
        defer { lock.release() }
        return storage.recomputations
    }

    /// The cached value if the inputs are the same as the cached ones; otherwise the value
    /// computed from them, which is cached. `nil` instead when the value's generation is `known`.
    ///
    /// The inputs are read (with `readInputs`) and the value computed while holding the lock,
    /// so that threads reading a new state at once compute it once. When `version` is the one
    /// the cached value was last read from, the inputs are not read at all.
    ///
    /// - Complexity: One comparison of each input; a computation when they changed.
    @inlinable
    func reading(
        version: UInt64, after known: UInt64, inputs readInputs: () -> Inputs
    ) -> SelectorReading<Value>? {
        lock.acquire()
        defer { lock.release() }
        let hasValue = storage.generation > 0
        if version != 0, version == storage.stateVersion, hasValue {
            return cachedReading(after: known)
        }
        let inputs = readInputs()
        storage.stateVersion = version
        if hasValue, isSame(storage.inputs!, inputs) {
            return cachedReading(after: known)
        }
        let value = compute(inputs)
        storage.recomputations += 1
        storage.inputs = inputs
        if hasValue, let resultIsEqual, resultIsEqual(storage.value!, value) {
            // The same value: keep the old one (and its storage), so readers see no change.
            return cachedReading(after: known)
        }
        storage.value = value
        storage.generation &+= 1
        return SelectorReading(value: value, generation: storage.generation)
    }

    /// The cached reading, or `nil` when its generation is `known`. Call it holding the lock,
    /// with a value cached.
    @inlinable
    @inline(__always)
    func cachedReading(after known: UInt64) -> SelectorReading<Value>? {
        let generation = storage.generation
        if generation == known { return nil }
        return SelectorReading(value: storage.value!, generation: generation)
    }
}

/// The lock of a selector's cache: the package's ``Lock``, with entry points the inlinable
/// reading path can call.
@usableFromInline
final class SelectorLock: Sendable {
    private let lock = Lock()

    @usableFromInline
    init() {}

    /// Takes the lock; pair with ``release()``.
    @usableFromInline
    func acquire() {
        lock.lock()
    }

    /// Releases the lock taken by ``acquire()``.
    @usableFromInline
    func release() {
        lock.unlock()
    }
}
