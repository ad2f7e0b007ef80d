import Foundation
import ReSwift
import ReSwiftTesting
import ReSwiftThunk

struct CounterState: Equatable {
    var count = 0
    var labels: [String] = []
}

struct Increment: Action {}

struct AddLabel: Action, Equatable {
    var label: String
}

func counterReducer(action: Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    switch action {
    case is Increment:
        state.count += 1
    case let action as AddLabel:
        state.labels.append(action.label)
    default:
        break
    }
    return state
}

/// A store with the thunk middleware that also records every action its reducer sees.
func makeCounterStore(
    middleware: [Middleware<CounterState>] = [createThunkMiddleware()],
    reduced: ActionRecorder? = nil
) -> Store<CounterState> {
    Store<CounterState>(
        reducer: { action, state in
            reduced?.record(action)
            return counterReducer(action: action, state: state)
        },
        state: CounterState(),
        middleware: middleware
    )
}
