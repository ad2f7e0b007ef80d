import Foundation
import ReSwift
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

/// Collects what a sink or handler receives, from any thread.
final class Collected<Element>: @unchecked Sendable {
    // Sendable: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.locked { items.append(item) }
    }

    var all: [Element] {
        lock.locked { items }
    }
}

/// A fresh folder for one test's files, removed when the test is done with it.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReSwiftDevToolsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A clock that starts at a fixed time and advances by a quarter second on each reading.
final class SteppingClock: @unchecked Sendable {
    // Sendable: `next` is only touched under `lock`.
    private let lock = NSLock()
    private var next: Double

    init(start: Double = 1_800_000_000) {
        next = start
    }

    func now() -> Date {
        lock.locked {
            defer { next += 0.25 }
            return Date(timeIntervalSince1970: next)
        }
    }
}

extension NSLock {
    /// Runs `body` holding the lock (Foundation's `withLock` needs macOS 14 on Apple platforms).
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
