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
    // Reading the cache is plain internal code: it touches no type whose layout depends on
    // `State` or `Value` (see `SelectorCache`), so it runs unspecialized without looking up a
    // type. Only `select(_:)`, a tiny public generic entry point, is inlinable.

    private let cache = Locked(SelectorCache())

    /// Reads the inputs from a state and computes the value from them, or returns `nil` when
    /// they are the same as the last time. Called holding `cache`'s lock.
    private let recompute: (State) -> Value?

    /// `==` on values when `Value` is `Equatable`: a recomputed value equal to the latest one
    /// keeps the latest one and its generation, so readers see no change.
    private let isEqual: ((Value, Value) -> Bool)?

    /// Creates a selector over inputs read together as `Inputs`.
    init<Inputs>(
        read: @escaping (State) -> Inputs,
        isSame: @escaping (_ old: Inputs, _ new: Inputs) -> Bool,
        compute: @escaping (Inputs) -> Value
    ) {
        var last: Inputs?  // only touched holding `cache`'s lock
        recompute = { state in
            let inputs = read(state)
            if let last, isSame(last, inputs) { return nil }
            last = inputs
            return compute(inputs)
        }
        isEqual = equality(of: Value.self)
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
    public func callAsFunction(_ state: State) -> Value {
        reading(state).value
    }

    /// How many times this selector has computed its value: useful in tests that check it
    /// doesn't recompute.
    public var recomputations: Int {
        cache.withLock { $0.recomputations }
    }

    /// The latest value for `state`, with its generation.
    func reading(_ state: State) -> SelectorValue<Value> {
        // Generations start at 1: a value is always newer than generation 0.
        latest(for: state, version: 0, after: 0) as! SelectorValue<Value>
    }

    /// The latest value (a `SelectorValue<Value>`) for a state the store numbered `version` (0
    /// for none), computed when the state's inputs differ from the cached ones, or `nil` when
    /// its generation is `known` (the caller has that value already).
    ///
    /// When the cached value was last read from `version`, the inputs aren't read or compared
    /// again: the subscribers of one state share its version, so all but the first pay one
    /// comparison of numbers. The inputs are read and the value computed holding the lock, so
    /// that threads reading a new state at once compute it once.
    @usableFromInline
    func latest(for state: State, version: UInt64, after known: UInt64) -> SelectorGeneration? {
        cache.withLock { cache in
            if version == 0 || version != cache.stateVersion || cache.latest == nil {
                refresh(&cache, from: state, version: version)
            }
            guard let latest = cache.latest else {
                preconditionFailure("Internal inconsistency: a selector read no inputs the first time")
            }
            return latest.generation == known ? nil : latest
        }
    }

    /// Reads the inputs from `state`, and computes a new value when they changed. Called
    /// holding the lock.
    // Never inlined: it looks up `Value`'s types, which readers that find the value cached
    // would pay too (inlined, reswift-bench `derived`'s unrelated change took 2.6× as long).
    @inline(never)
    private func refresh(_ cache: inout SelectorCache, from state: State, version: UInt64) {
        cache.stateVersion = version
        guard let value = recompute(state) else { return }
        cache.recomputations += 1
        // A value equal to the latest keeps the latest (and its storage): readers see no change.
        let previous = cache.latest.map { $0 as! SelectorValue<Value> }
        if previous.map({ isEqual?($0.value, value) ?? false }) != true {
            cache.latest = SelectorValue(value, generation: (previous?.generation ?? 0) &+ 1)
        }
    }

    /// Whether `new`, delivered after `old` with at least one generation between them, is
    /// equal to `old` (a larger step than one generation happens when the selector was read
    /// with other states in between, and may bring back the value delivered last).
    @usableFromInline
    func repeats(_ old: SelectorValue<Value>, _ new: SelectorValue<Value>) -> Bool {
        isEqual?(old.value, new.value) ?? false
    }
}

/// What a selector's cache holds, under its lock. Its layout is the same for every selector,
/// whatever its state and value types.
struct SelectorCache {
    /// The latest computed value (a `SelectorValue`); `nil` before the first computation.
    var latest: SelectorGeneration?
    /// The version of the state `latest` was last read from, or 0 when it was read from a
    /// state without one. No two states of any store share a version, so the same number
    /// means the same inputs.
    var stateVersion: UInt64 = 0
    /// How many times the value was computed.
    var recomputations = 0
}

/// The generation of a value a selector computed: 1 for the first, one more for each value
/// that differs from the one before. A new generation is a new value.
@usableFromInline
class SelectorGeneration {
    @usableFromInline
    final let generation: UInt64

    init(generation: UInt64) {
        self.generation = generation
    }
}

/// A value a selector computed, with its generation.
@usableFromInline
final class SelectorValue<Value>: SelectorGeneration {
    @usableFromInline
    let value: Value

    init(_ value: Value, generation: UInt64) {
        self.value = value
        super.init(generation: generation)
    }
}

// @unchecked Sendable: the cache is only touched under its lock, and `recompute` (which keeps
// the latest inputs) only called holding it; the closures call only the caller's `@Sendable`
// functions, `Sendable` key paths and input selectors; inputs are never handed out, and the
// values that are handed out are `Sendable`.
extension MemoizedSelector: @unchecked Sendable where Value: Sendable {}

extension MemoizedSelector: SelectorInputConvertible {
    /// The selector as an input of another selector, compared by whether it recomputed.
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
    public convenience init<A: Equatable, B: Equatable, C: Equatable>(
        _ keyPath1: KeyPath<State, A> & Sendable,
        _ keyPath2: KeyPath<State, B> & Sendable,
        _ keyPath3: KeyPath<State, C> & Sendable,
        _ compute: @escaping @Sendable (A, B, C) -> Value
    ) {
        self.init(SelectorInput(keyPath1), SelectorInput(keyPath2), SelectorInput(keyPath3), compute)
    }
}
