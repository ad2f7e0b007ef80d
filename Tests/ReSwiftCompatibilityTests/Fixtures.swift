import ReSwift

// ReSwift-6.1-shaped app code: a state that isn't Equatable holding Equatable parts, actions, a
// reducer and subscribers written as ReSwift's README writes them.

struct Inner: Equatable {
    var text = ""
    var edits = 0
}

struct AppState {
    var inner = Inner()
    var counter = 0
}

struct SetText: Action { let text: String }
struct Tick: Action {}

func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    switch action {
    case let action as SetText:
        state.inner.text = action.text
        state.inner.edits += 1
    case is Tick:
        state.counter += 1
    default:
        break
    }
    return state
}

/// The same state, `Equatable`, for the overloads ReSwift picks for `Equatable` states.
struct CounterState: Equatable {
    var counter = 0
    var label = ""
}

struct Relabel: Action { let label: String }

func counterReducer(action: Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    switch action {
    case is Tick: state.counter += 1
    case let action as Relabel: state.label = action.label
    default: break
    }
    return state
}

/// Records what it receives.
final class Receiver<Value>: StoreSubscriber {
    var received: [Value] = []

    func newState(state: Value) {
        received.append(state)
    }
}
