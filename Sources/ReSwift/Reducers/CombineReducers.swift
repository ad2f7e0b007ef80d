/// Combines reducers of the same state into one that applies each in turn.
///
/// Each reducer receives the state the previous one returned; the first receives the store's
/// state (`nil` when the store is starting).
///
/// ```swift
/// let appReducer = combineReducers(gameReducer, scoreReducer)
/// ```
///
/// - Parameters:
///   - first: The reducer applied first.
///   - rest: The reducers applied after it, in order.
/// - Returns: The combined reducer.
public func combineReducers<State>(
    _ first: @escaping Reducer<State>, _ rest: Reducer<State>...
) -> Reducer<State> {
    { action, state in
        var result = first(action, state)
        for reducer in rest {
            result = reducer(action, result)
        }
        return result
    }
}

/// Builds an app reducer from reducers of its slices, without writing the state's initializer
/// by hand.
///
/// ```swift
/// struct AppState {
///     var navigation = NavigationState()
///     var menu = MenuState()
///     var game = GameState()
/// }
///
/// let appReducer: Reducer<AppState> = combineReducers(
///     initialState: AppState(),
///     .slice(\.menu, menuReducer),
///     .slice(\.game, gameReducer)
/// )
/// ```
///
/// When the store has no state yet, each slice reducer receives `nil` for its slice, so slices
/// pick their own defaults, and `initialState` supplies the rest. Slices are reduced in order.
///
/// - Parameters:
///   - initialState: The state to start from when the store has none.
///   - slices: The slice reducers, applied in order.
/// - Returns: The combined reducer.
public func combineReducers<State>(
    initialState: @autoclosure @escaping () -> State,
    _ slices: SliceReducer<State>...
) -> Reducer<State> {
    { action, state in
        let isStarting = state == nil
        var result = state ?? initialState()
        for slice in slices {
            slice.reduce(action, &result, isStarting)
        }
        return result
    }
}

/// A reducer of one part of a state, for ``combineReducers(initialState:_:)``.
public struct SliceReducer<State> {
    let reduce: (_ action: Action, _ state: inout State, _ isStarting: Bool) -> Void

    /// A reducer for the part of the state at a key path.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice lives in the state.
    ///   - reducer: The slice's reducer. It receives `nil` when the store is starting.
    /// - Returns: The slice reducer.
    public static func slice<Slice>(
        _ keyPath: WritableKeyPath<State, Slice>, _ reducer: @escaping Reducer<Slice>
    ) -> SliceReducer<State> {
        SliceReducer { action, state, isStarting in
            state[keyPath: keyPath] = reducer(action, isStarting ? nil : state[keyPath: keyPath])
        }
    }

    /// A reducer of the whole state, applied among the slices in order, for changes that span
    /// several slices.
    ///
    /// - Parameter reducer: The reducer. It always receives the state built so far (when the
    ///   store is starting, `initialState` with the earlier slices' defaults).
    /// - Returns: The slice reducer.
    public static func whole(_ reducer: @escaping Reducer<State>) -> SliceReducer<State> {
        SliceReducer { action, state, _ in
            state = reducer(action, state)
        }
    }
}

/// Builds an in-place app reducer from in-place reducers of its slices: each changes its slice
/// where it is, through a writable key path, so a dispatch costs what it changes.
///
/// ```swift
/// let appReducer: MutatingReducer<AppState> = combineReducers(
///     .slice(\.todos, todosReducer),      // (Action, inout [Todo]) -> Void
///     .slice(\.filter, filterReducer)     // (Action, inout Filter) -> Void
/// )
/// let store = Store(reducer: appReducer, state: AppState())
/// ```
///
/// - Parameter slices: The slices' reducers, applied in order.
/// - Returns: The combined reducer.
public func combineReducers<State>(_ slices: MutatingSliceReducer<State>...) -> MutatingReducer<State> {
    { action, state in
        for slice in slices {
            slice.reduce(action, &state)
        }
    }
}

/// The in-place reducer of a part of the state, for ``combineReducers(_:)``.
public struct MutatingSliceReducer<State> {
    let reduce: MutatingReducer<State>

    /// Reduces the slice at `keyPath` in place with `reducer`.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice is in the state.
    ///   - reducer: The slice's in-place reducer.
    public static func slice<Slice>(
        _ keyPath: WritableKeyPath<State, Slice>, _ reducer: @escaping MutatingReducer<Slice>
    ) -> MutatingSliceReducer<State> {
        MutatingSliceReducer { action, state in
            reducer(action, &state[keyPath: keyPath])
        }
    }

    /// Reduces the whole state in place with `reducer`.
    ///
    /// - Parameter reducer: An in-place reducer of the whole state.
    public static func whole(_ reducer: @escaping MutatingReducer<State>) -> MutatingSliceReducer<State> {
        MutatingSliceReducer(reduce: reducer)
    }
}
