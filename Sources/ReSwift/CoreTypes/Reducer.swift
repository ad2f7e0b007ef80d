/// A pure function that computes the next state from an action and the current state.
///
/// A reducer receives `nil` as its state when the store has none yet (the store then dispatches
/// ``ReSwiftInit``); it returns its default state in that case. Reducers must not perform side
/// effects, read clocks or random numbers, or dispatch actions.
///
/// - Parameters:
///   - action: The action being reduced.
///   - state: The current state, or `nil` if there is none yet.
/// - Returns: The next state.
public typealias Reducer<ReducerStateType> =
    (_ action: Action, _ state: ReducerStateType?) -> ReducerStateType
