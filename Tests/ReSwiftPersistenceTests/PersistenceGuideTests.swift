import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence
import TestSupport
import Testing

// The code of the "Persisting State" article (ReSwiftPersistence.docc/Articles/PersistingState.md),
// compiled and run so the guide stays correct. Keep the two in step.

private struct Todo: Codable, Equatable, Sendable {
    var title: String
    var done = false
}

private struct AppState {
    var todos: [Todo] = []
}

private struct AddGuideTodo: Action { var title: String }

private func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    if let action = action as? AddGuideTodo { state.todos.append(Todo(title: action.title)) }
    return state
}

/// Stands in for the app's command-line options.
private struct Options { var file: String? }

/// Stands in for the app's status line.
private final class StatusLine: Sendable {
    private let posted = Locked<[String]>([])
    var messages: [String] { posted.current }
    func post(_ message: String) { posted.withLock { $0.append(message) } }
}

@Suite struct PersistenceGuideTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test func chooseTheFile() {
        let options = Options(file: nil)
        let url =
            options.file.map { URL(fileURLWithPath: $0) }
            ?? PersistedFile<[Todo]>.defaultURL(appName: "todo", fileName: "todos.json")
        #expect(url.lastPathComponent == "todos.json")
        #expect(url.deletingLastPathComponent().lastPathComponent == "todo")

        let overridden = Options(file: directory.file("mine.json").path)
        #expect(overridden.file.map { URL(fileURLWithPath: $0) } == directory.file("mine.json"))
    }

    @Test func restoreSaveAndMigrate() throws {
        let url = directory.file("todos.json")
        try Data(#"{"schemaVersion": 1, "value": [{"name": "Buy milk", "done": false}]}"#.utf8).write(to: url)

        // Change the format
        let file = PersistedFile<[Todo]>(
            url: url, schemaVersion: 2,
            migrations: [
                Migration(from: 1) { json in
                    json = .array(
                        (json.arrayValue ?? []).map { item in
                            var item = item
                            item["title"] = item["name"]
                            item["name"] = nil
                            return item
                        })
                }
            ],
            whenUnusable: .refuse)

        // Restore at launch
        let store = Store<AppState>(reducer: appReducer, state: AppState(todos: try file.load() ?? []))
        #expect(store.state.todos == [Todo(title: "Buy milk")])

        // Save as the state changes
        let persister = StatePersister(store: store, file: file, select: \.todos, quietPeriod: 0.2)
        store.dispatch(AddGuideTodo(title: "Call Ana"))
        persister.flush()
        #expect(try file.load()?.map(\.title) == ["Buy milk", "Call Ana"])

        // Share the file between processes
        try file.update { todos in
            todos = (todos ?? []) + [Todo(title: "Buy milk")]
        }
        #expect(try file.load()?.count == 3)
    }

    @Test func refuseABadFileAndOfferAWayOut() throws {
        let url = directory.file("todos.json")
        try Data("{ cut sh".utf8).write(to: url)
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        // Say what happens to a bad file
        let file = PersistedFile<[Todo]>(url: url, schemaVersion: 1, whenUnusable: .refuse)
        do {
            _ = try file.load()
        } catch let error as PersistenceError where error.kind.isBadContents {
            print("\(error.message) Run `todo reset-file` to set it aside and start a new list.")
        }
        #expect(printed.first?.contains("It was left untouched") == true)
        #expect(throws: PersistenceError.self) { try file.read() }
        #expect(try Data(contentsOf: url).text == "{ cut sh")
        // `todo reset-file`:
        if let movedTo = try file.setAside() { print("Moved the old list to \(movedTo.path).") }
        #expect(printed.last?.contains("todos.json.moved-") == true)

        // Read without changing anything
        let todos = try file.read() ?? []
        #expect(todos.isEmpty)
    }

    @Test func aBadFileIsShownInTheStatusLine() throws {
        let url = directory.file("todos.json")
        try Data("{ cut sh".utf8).write(to: url)
        let statusLine = StatusLine()
        let file = PersistedFile<[Todo]>(
            url: url,
            whenUnusable: .setAsideAndRebuild,
            errorHandler: { problem in
                statusLine.post(problem.message)
            })
        #expect(try file.load() == nil)
        #expect(statusLine.messages.count == 1)
        #expect(statusLine.messages.first?.contains("todos.json.moved-") == true)
    }
}
