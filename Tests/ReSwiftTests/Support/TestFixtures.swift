import ReSwift

struct CountState: Equatable {
    var count = 0
    var name = "counter"
}

struct Increment: Action {}
struct Decrement: Action {}
struct SetName: Action { let name: String }
struct Noop: Action {}

func countReducer(action: Action, state: CountState?) -> CountState {
    var state = state ?? CountState()
    switch action {
    case is Increment: state.count += 1
    case is Decrement: state.count -= 1
    case let action as SetName: state.name = action.name
    default: break
    }
    return state
}

/// A subscriber that records what it receives.
final class Recorder<Value>: StoreSubscriber {
    private(set) var values: [Value] = []
    var onNewState: ((Value) -> Void)?

    func newState(state: Value) {
        values.append(state)
        onNewState?(state)
    }
}

/// A value that isn't Equatable, to check that nothing is skipped for it.
struct PlainState {
    var count = 0
}

func plainReducer(action: Action, state: PlainState?) -> PlainState {
    var state = state ?? PlainState()
    if action is Increment { state.count += 1 }
    return state
}
