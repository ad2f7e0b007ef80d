import ReSwift

/// The state after the in-place `reduce` reduced `action` on a copy of `state`: the functional
/// form tests fold actions with (`actions.reduce(state) { applying(reduceLibraryFinder, $1, to: $0) }`).
func applying<State>(_ reduce: (Action, inout State) -> Void, _ action: Action, to state: State) -> State {
    var state = state
    reduce(action, &state)
    return state
}
