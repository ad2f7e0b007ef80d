@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// A family of memoized selectors, one per parameter, keeping the most recently used ones.
///
/// A ``MemoizedSelector`` caches the value of its latest inputs. A value that also depends on a
/// parameter, such as "the todos matching this query", needs one selector per parameter, or
/// two views showing two queries would take turns recomputing. A parameterized selector makes
/// them on demand and hands out the same selector for the same parameter:
///
/// ```swift
/// let todosMatching = ParameterizedSelector(capacity: 8) { (query: String) in
///     MemoizedSelector(\AppState.todos) { todos in
///         todos.filter { $0.title.contains(query) }
///     }
/// }
///
/// store.subscribe(searchView) { $0.select(todosMatching("milk")) }
/// let matches = todosMatching("milk")(store.state)
/// ```
///
/// It keeps at most `capacity` selectors, dropping the least recently used one to make room.
/// A dropped selector keeps working for whoever still holds it (a subscription holds its
/// selector); asking again for its parameter makes a new one, which computes its value afresh.
///
/// It may be used from any thread.
public final class ParameterizedSelector<State, Parameter: Hashable, Value> {
    /// The most selectors kept at once.
    public let capacity: Int

    private let makeSelector: (Parameter) -> MemoizedSelector<State, Value>
    private let cache: Locked<LRUCache<Parameter, MemoizedSelector<State, Value>>>

    /// Creates a family of selectors.
    ///
    /// - Parameters:
    ///   - capacity: The most selectors to keep, at least 1 (default 16). Keep it above the
    ///     number of parameters in use at once.
    ///   - makeSelector: Makes the selector for a parameter; called the first time a parameter
    ///     is asked for, and again after its selector was dropped. (Two threads asking for a
    ///     new parameter at once may both call it; one selector is kept and handed to both.)
    public init(
        capacity: Int = 16,
        _ makeSelector: @escaping @Sendable (Parameter) -> MemoizedSelector<State, Value>
    ) {
        precondition(
            capacity >= 1,
            "ReSwift: a ParameterizedSelector's capacity must be at least 1, not \(capacity); "
                + "pass the number of parameters you use at once, or leave the default (16).")
        self.capacity = capacity
        self.makeSelector = makeSelector
        self.cache = Locked(LRUCache(capacity: capacity))
    }

    /// The selector for a parameter: the same one as last time if it is still kept.
    ///
    /// - Parameter parameter: The parameter the value depends on.
    /// - Returns: The parameter's memoized selector.
    /// - Complexity: O(1) on average for a kept parameter; O(``capacity``) to make room for a
    ///   new one in a full family.
    public func callAsFunction(_ parameter: Parameter) -> MemoizedSelector<State, Value> {
        if let selector = cache.withLock({ $0.value(for: parameter) }) {
            return selector
        }
        // Made outside the lock, so that `makeSelector` may use this family for another
        // parameter; a thread that made one first wins.
        let made = makeSelector(parameter)
        return cache.withLock { cache in
            if let selector = cache.value(for: parameter) {
                return selector
            }
            cache.insert(made, for: parameter)
            return made
        }
    }

    /// The value for a parameter and a state; the same as `self(parameter)(state)`.
    ///
    /// - Parameters:
    ///   - parameter: The parameter the value depends on.
    ///   - state: The state to read the inputs from.
    /// - Returns: The derived value.
    public func callAsFunction(_ parameter: Parameter, _ state: State) -> Value {
        self(parameter)(state)
    }

    /// How many selectors are kept, at most ``capacity``.
    public var count: Int {
        cache.withLock { $0.count }
    }
}

// @unchecked Sendable: the cache is only touched under its lock, `makeSelector` is the caller's
// `@Sendable` function (stored without `@Sendable` for the same reason as `SelectorInput`'s
// closures), and the selectors handed out are Sendable.
extension ParameterizedSelector: @unchecked Sendable where Parameter: Sendable, Value: Sendable {}
