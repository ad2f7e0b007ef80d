import ReSwift
import ReSwiftDiff

/// Wraps an app's reducer so that the store keeps a history of states to travel through.
///
/// The returned reducer handles ``StepBack``, ``StepForward`` and ``JumpToState`` by moving
/// through the history; it hands every other action to `reducer` with the current state, drops
/// the states after the current one (a new action after stepping back starts a new future), and
/// appends the result. The store's state stays private to the store: time travel happens
/// through dispatched actions like any other change.
///
/// ```swift
/// let store = Store<TimeTravelState<AppState>>(
///     reducer: timeTravelReducer(appReducer, historyLimit: 500),
///     state: nil
/// )
/// store.dispatch(AddTodo(title: "milk"))
/// store.dispatch(StepBack())          // store.state.current is the state before AddTodo
/// ```
///
/// To start from a given state instead of the reducer's default, pass
/// `TimeTravelState(initialState)` as the store's initial state.
///
/// - Parameters:
///   - reducer: The app's reducer.
///   - historyLimit: The most states to keep, at least 1; the oldest are dropped beyond it.
///     Unbounded by default: every state the app passes through is kept in memory.
/// - Returns: A reducer of ``TimeTravelState``.
public func timeTravelReducer<State>(
    _ reducer: @escaping Reducer<State>,
    historyLimit: Int? = nil
) -> Reducer<TimeTravelState<State>> {
    checkHistoryLimit(historyLimit)
    return { action, history in
        guard var history else {
            let initial = reducer(action, nil)
            return TimeTravelState(
                steps: [.init(state: initial, action: StateDiff.describe(action))], currentIndex: 0)
        }
        switch action {
        case is StepBack:
            history.move(to: history.currentIndex - 1)
        case is StepForward:
            history.move(to: history.currentIndex + 1)
        case let jump as JumpToState:
            history.move(to: jump.index)
        case let jump as JumpToStep:
            history.move(toStepNumber: jump.number)
        default:
            let next = reducer(action, history.current)
            history.append(next, action: StateDiff.describe(action), limit: historyLimit)
        }
        return history
    }
}

/// Wraps an app's in-place reducer so that the store keeps a history of states to travel
/// through, like the form that takes ReSwift's reducer.
///
/// The history keeps every state by nature, so each new state starts as a copy of the current
/// one: what the action changes is copied once.
///
/// ```swift
/// let store = Store(
///     reducer: timeTravelReducer(inPlace: reduceTodos, historyLimit: 500),  // (Action, inout TodoState) -> Void
///     state: TimeTravelState(TodoState()))
/// ```
///
/// - Parameters:
///   - reducer: The app's in-place reducer.
///   - historyLimit: The most states to keep, at least 1; the oldest are dropped beyond it.
/// - Returns: An in-place reducer of ``TimeTravelState``.
public func timeTravelReducer<State>(
    inPlace reducer: @escaping MutatingReducer<State>,
    historyLimit: Int? = nil
) -> MutatingReducer<TimeTravelState<State>> {
    checkHistoryLimit(historyLimit)
    return { action, history in
        switch action {
        case is StepBack:
            history.move(to: history.currentIndex - 1)
        case is StepForward:
            history.move(to: history.currentIndex + 1)
        case let jump as JumpToState:
            history.move(to: jump.index)
        case let jump as JumpToStep:
            history.move(toStepNumber: jump.number)
        case is ReSwiftInit where history.steps.count == 1:
            // The in-place store reduces ReSwiftInit into its initial state: that is still the
            // initial state, not a step to travel back from.
            reducer(action, &history.steps[0].state)
        default:
            var next = history.current
            reducer(action, &next)
            history.append(next, action: StateDiff.describe(action), limit: historyLimit)
        }
    }
}

/// Stops with an explanation when `historyLimit` can't keep the current state.
private func checkHistoryLimit(_ historyLimit: Int?) {
    if let historyLimit {
        precondition(
            historyLimit >= 1,
            "timeTravelReducer: historyLimit is \(historyLimit), but the history must keep at least the current state. Pass 1 or more, or nil for no limit."
        )
    }
}
