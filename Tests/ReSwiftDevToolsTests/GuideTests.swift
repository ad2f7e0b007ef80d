import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

/// Runs the code of the article "Debugging with DevTools", so that the guide keeps working. The
/// article's "Record a session" snippet starts with the three imports this file starts with
/// (Foundation for `URL`: issue 23 §1.9).
@Suite struct GuideTests {
    @Test func logActionsAndTheirChanges() {
        let lines = Collected<String>()
        let store = Store(
            reducer: todoReducer,
            state: nil,
            middleware: [createLoggingMiddleware(to: .closure { lines.append($0) }, color: .never)]
        )
        store.dispatch(AddTodo(title: "milk"))
        #expect(
            lines.all == [
                "▸ ReSwiftInit()\n    (root): nil → TodoState(todos: [], filter: \"all\")",
                "▸ AddTodo(title: \"milk\")\n  + todos[0]: Todo(title: \"milk\", isDone: false)",
            ]
        )
    }

    @Test func recordThenReplayASession() throws {
        let folder = try TemporaryDirectory()
        let sessionURL = folder.file("todo-session.jsonl")
        let registry = ActionRegistry(AddTodo.self, ToggleTodo.self)

        let recorder = try SessionRecorder(url: sessionURL, registry: registry, overwrite: true)
        let store = Store(reducer: todoReducer, state: nil, middleware: [recorder.middleware()])
        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(ToggleTodo(index: 0))

        let session = try RecordedSession(contentsOf: sessionURL, registry: registry)
        #expect(session.skipped.isEmpty)
        let replayed = session.replayedStore(reducer: todoReducer)
        #expect(replayed.state == store.state)
    }

    @Test func travelInTime() {
        let store = Store(reducer: timeTravelReducer(todoReducer, historyLimit: 500), state: nil)
        let rendered = Collected<[String]>()
        let token = store.subscribe(transform: { $0.select(\.current) }) { state in
            rendered.append(state.todos.map(\.title))
        }

        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(StepBack())
        store.dispatch(StepForward())
        store.dispatch(JumpToState(index: 0))
        #expect(rendered.all == [[], ["milk"], [], ["milk"], []])
        token.cancel()
    }

    @Test func logATimeTravellingStore() {
        let lines = Collected<String>()
        let logger: Middleware<TimeTravelState<TodoState>> = createLoggingMiddleware(
            selecting: \.current,
            to: .closure { lines.append($0) },
            color: .never
        )
        let store = Store(reducer: timeTravelReducer(todoReducer), state: nil, middleware: [logger])
        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(StepBack())
        #expect(
            lines.all.dropFirst() == [
                "▸ AddTodo(title: \"milk\")\n  + todos[0]: Todo(title: \"milk\", isDone: false)",
                "▸ StepBack()\n  - todos[0]: Todo(title: \"milk\", isDone: false)",
            ]
        )
    }
}
