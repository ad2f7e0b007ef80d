import Foundation
import ReSwift
import Testing

/// The state the async and Observation tests use (kept apart from the core tests' fixtures).
struct ScoreState: Equatable, Sendable {
    var count = 0
    var name = "counter"
}

enum ScoreAction: Action {
    case increment
    case decrement
    case rename(String)
    case noop
}

func scoreReducer(action: Action, state: ScoreState?) -> ScoreState {
    var state = state ?? ScoreState()
    switch action as? ScoreAction {
    case .increment?: state.count += 1
    case .decrement?: state.count -= 1
    case .rename(let name)?: state.name = name
    case .noop?, nil: break
    }
    return state
}
