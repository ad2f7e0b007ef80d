import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

// The README's ReSwiftDevTools snippet ("The modules", `ReSwiftDevTools`), as written, in a
// function body; its three imports are this file's first three (issue 23 §1.9: the snippet
// needs Foundation for URL's appendingPathComponent). Keep the two in step.
// AddTodo, ToggleTodo and todoReducer are the test target's (Support/Fixtures.swift).

@Suite struct ReadmeDevToolsTests {
    @Test func theDevToolsSnippetLogsAndRecordsTheAction() throws {
        let appReducer = todoReducer
        let temporary = try TemporaryDirectory()
        let folder = temporary.url

        // README snippet, verbatim (after its imports):
        let registry = ActionRegistry(AddTodo.self, ToggleTodo.self)  // Codable actions
        let sessionURL = folder.appendingPathComponent("todo.jsonl")  // folder: a URL of your choice
        let recorder = try SessionRecorder(url: sessionURL, registry: registry, overwrite: true)
        let store = Store(
            reducer: appReducer, state: nil,
            middleware: [createLoggingMiddleware(), recorder.middleware()])
        store.dispatch(AddTodo(title: "milk"))
        // ▸ AddTodo(title: "milk")
        //   + todos[0]: Todo(title: "milk", isDone: false)
        // End of the snippet.

        let session = try RecordedSession(contentsOf: sessionURL, registry: registry)
        #expect(session.skipped.isEmpty)
        #expect(session.replayedStore(reducer: appReducer).state == store.state)
        #expect(store.state.todos == [Todo(title: "milk")])
    }
}
