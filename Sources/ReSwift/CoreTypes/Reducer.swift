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

/// A pure function that changes the state in place for an action: the store's preferred reducer
/// form, since a dispatch then costs what the action changes, not the size of the state.
///
/// ```swift
/// func todoReducer(action: Action, state: inout TodoState) {
///     if let done = action as? MarkDone { state.items[done.index].isDone = true }
/// }
/// ```
///
/// Changing a ``Reducer``'s `(Action, State?) -> State` to this form is one line: take the state
/// `inout` and drop the `var state = state ?? …` and `return state`. With ReSwift's form the
/// reducer's copy of the state shares its storage with the store's, so its first change to an
/// array or dictionary copies that whole collection.
///
/// - Parameters:
///   - action: The action being reduced.
///   - state: The state to change.
public typealias MutatingReducer<State> = (_ action: Action, _ state: inout State) -> Void
