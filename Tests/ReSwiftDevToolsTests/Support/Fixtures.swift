import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools

struct Todo: Equatable, Codable {
    var title: String
    var isDone = false
}

struct TodoState: Equatable, Codable {
    var todos: [Todo] = []
    var filter = "all"
}

struct AddTodo: Action, Codable, Equatable {
    var title: String
}

struct ToggleTodo: Action, Codable, Equatable {
    var index: Int
}

struct SetFilter: Action, Codable, Equatable {
    var filter: String
}

/// An action that is not Codable, so it can't be recorded.
struct Refresh: Action {}

func todoReducer(action: Action, state: TodoState?) -> TodoState {
    var state = state ?? TodoState()
    switch action {
    case let add as AddTodo:
        state.todos.append(Todo(title: add.title))
    case let toggle as ToggleTodo where state.todos.indices.contains(toggle.index):
        state.todos[toggle.index].isDone.toggle()
    case let setFilter as SetFilter:
        state.filter = setFilter.filter
    default:
        break
    }
    return state
}

let todoRegistry = ActionRegistry(AddTodo.self, ToggleTodo.self, SetFilter.self)

/// A clock that starts at a fixed time and advances by a quarter second on each reading.
final class SteppingClock: Sendable {
    private let next: Locked<Double>

    init(start: Double = 1_800_000_000) {
        next = Locked(start)
    }

    func now() -> Date {
        next.withLock { next in
            defer { next += 0.25 }
            return Date(timeIntervalSince1970: next)
        }
    }
}
