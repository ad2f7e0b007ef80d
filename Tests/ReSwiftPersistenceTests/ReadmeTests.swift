import Foundation
import ReSwift
import ReSwiftPersistence
import TestSupport
import Testing

// The README's ReSwiftPersistence snippet ("The modules", `ReSwiftPersistence`), as written, in a
// function body. Keep the two in step: a change to the README's snippet belongs here too.

@Suite struct ReadmePersistenceTests {
    @Test func thePersistenceSnippetRestoresAndSavesTheTodos() throws {
        // What the snippet takes as given: a Codable slice, the app's state and reducer, a URL.
        struct Todo: Codable, Equatable, Sendable { var title: String }
        struct AppState { var todos: [Todo] = [] }
        struct AddTodo: Action { var title: String }
        func appReducer(action: Action, state: AppState?) -> AppState {
            var state = state ?? AppState()
            if let action = action as? AddTodo { state.todos.append(Todo(title: action.title)) }
            return state
        }
        let folder = try TemporaryDirectory()
        let url = folder.file("todos.json")

        // README snippet, verbatim:
        let file = PersistedFile<[Todo]>(url: url, schemaVersion: 1, whenUnusable: .refuse)
        let store = Store<AppState>(reducer: appReducer, state: AppState(todos: try file.load() ?? []))
        let persister = StatePersister(store: store, file: file, select: \.todos)  // one write per burst
        // End of the snippet.

        store.dispatch(AddTodo(title: "Buy milk"))
        persister.flush()
        #expect(try file.read() == [Todo(title: "Buy milk")])
    }
}
