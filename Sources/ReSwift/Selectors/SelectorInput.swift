/// One input of a ``MemoizedSelector``: how to read it from the state, and how to tell whether it
/// changed.
///
/// A selector recomputes only when one of its inputs is not the same as when it last computed.
/// Key paths to `Equatable` values can be passed to a selector directly; build a `SelectorInput`
/// for the other comparisons:
///
/// ```swift
/// let visible = MemoizedSelector(
///     SelectorInput(\AppState.todos),                           // compared with ==
///     SelectorInput(identity: \AppState.imageCache),            // compared with ===
///     SelectorInput(\AppState.layout, isEqual: { $0.id == $1.id })
/// ) { todos, cache, layout in … }
/// ```
///
/// A ``MemoizedSelector`` is itself an input (``SelectorInputConvertible``): it is compared by
/// whether it recomputed, which costs nothing however large its value.
public struct SelectorInput<State, Value>: @unchecked Sendable {
    // Sendable: the closures only call the caller's `@Sendable` closures and key paths (or a
    // selector, which is Sendable); they are stored without `@Sendable` only because closures
    // that capture a generic type's conformances can't be `@Sendable` before Swift 6.2's
    // `SendableMetatype`.

    /// An input read from a state, with the generation of the selector that computed it (0 for
    /// a value read directly from the state).
    typealias Reading = (value: Value, generation: UInt64)

    /// Reads the input from a state.
    let read: (State) -> Reading

    /// Whether the reading `new` is the same input as `old`, so nothing needs recomputing.
    let isSame: (_ old: Reading, _ new: Reading) -> Bool

    /// An input read with `read` and compared with `isEqual`.
    ///
    /// - Parameters:
    ///   - read: Reads the input from a state; keep it fast (it runs for every subscriber on
    ///     every state) and free of side effects.
    ///   - isEqual: Whether two inputs are the same, in which case the selector doesn't
    ///     recompute.
    public init(
        _ read: @escaping @Sendable (State) -> Value, isEqual: @escaping @Sendable (Value, Value) -> Bool
    ) {
        self.init(reading: read, isEqual: isEqual)
    }

    /// An input read with `read` and compared with `isEqual`. (Not `@Sendable`: a closure that
    /// uses a generic type's conformance, such as `==`, can't be before Swift 6.2.)
    init(reading read: @escaping (State) -> Value, isEqual: @escaping (Value, Value) -> Bool) {
        self.read = { (read($0), 0) }
        self.isSame = { old, new in isEqual(old.value, new.value) }
    }

    /// An input at a key path of the state, compared with `isEqual`.
    ///
    /// - Parameters:
    ///   - keyPath: Where the input is in the state.
    ///   - isEqual: Whether two inputs are the same, in which case the selector doesn't
    ///     recompute.
    public init(
        _ keyPath: KeyPath<State, Value> & Sendable, isEqual: @escaping @Sendable (Value, Value) -> Bool
    ) {
        self.init(reading: { $0[keyPath: keyPath] }, isEqual: isEqual)
    }

    /// An object at a key path of the state, compared by identity (`===`).
    ///
    /// - Parameter keyPath: Where the object is in the state.
    public init(identity keyPath: KeyPath<State, Value> & Sendable) where Value: AnyObject {
        self.init(reading: { $0[keyPath: keyPath] }, isEqual: ===)
    }

    /// The output of a selector, compared by whether the selector recomputed it.
    ///
    /// - Parameter selector: The selector whose value is the input.
    public init(_ selector: MemoizedSelector<State, Value>) {
        read = { state in
            let latest = selector.reading(state)
            return (latest.value, latest.generation)
        }
        isSame = { old, new in old.generation == new.generation }
    }
}

extension SelectorInput where Value: Equatable {
    /// An `Equatable` input at a key path of the state, compared with `==`.
    ///
    /// - Parameter keyPath: Where the input is in the state.
    public init(_ keyPath: KeyPath<State, Value> & Sendable) {
        self.init(reading: { $0[keyPath: keyPath] }, isEqual: ==)
    }

    /// An `Equatable` input read with `read`, compared with `==`.
    ///
    /// - Parameter read: Reads the input from a state; keep it fast (it runs for every
    ///   subscriber on every state) and free of side effects.
    public init(_ read: @escaping @Sendable (State) -> Value) {
        self.init(reading: read, isEqual: ==)
    }
}

/// Something a ``MemoizedSelector`` can take as an input: a ``SelectorInput``, or another
/// ``MemoizedSelector`` (a selector of selectors).
public protocol SelectorInputConvertible<State, Value> {
    /// The state the input is read from.
    associatedtype State
    /// The input's type.
    associatedtype Value

    /// The input, with how to read and compare it.
    var selectorInput: SelectorInput<State, Value> { get }
}

extension SelectorInput: SelectorInputConvertible {
    /// The input itself.
    public var selectorInput: SelectorInput<State, Value> { self }
}
