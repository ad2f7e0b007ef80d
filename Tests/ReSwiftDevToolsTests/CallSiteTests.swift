import Foundation
import TestSupport
import Testing

@testable import ReSwift
@testable import ReSwiftDevTools

/// The call site a dispatch carries reaches the logger and the recorder through
/// `DispatchOrigin.current`. These tests make an origin current the way the store does and run
/// the middleware by hand, so they don't depend on how the store decides to set one.
@Suite struct CallSiteTests {
    private let site = CallSite(fileID: "TodoTerminal/TodoCommand.swift", line: 42)

    /// Runs `action` through `middleware` (ending in `reduce`) with `origin` current.
    private func run(
        _ action: Action, through middleware: Middleware<TodoState>, state: TodoState,
        origin: DispatchOrigin?, reduce: @escaping (Action) -> Void = { _ in }
    ) {
        let dispatch = middleware({ _ in }, { state })(reduce)
        DispatchOrigin.withCurrent(origin) { dispatch(action) }
    }

    @Test func theLoggerShowsTheCallSiteAfterTheAction() {
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: LogSink { lines.append($0) }, color: .never)
        var state = TodoState()
        let origin = DispatchOrigin(callSite: site, thread: .current)
        let reduce: DispatchFunction = { action in state = todoReducer(action: action, state: state) }
        let dispatch = logger({ _ in }, { state })(reduce)
        DispatchOrigin.withCurrent(origin) { dispatch(AddTodo(title: "milk")) }
        DispatchOrigin.withCurrent(nil) { dispatch(ToggleTodo(index: 0)) }
        #expect(
            lines.all == [
                """
                ▸ AddTodo(title: "milk")  from TodoTerminal/TodoCommand.swift:42
                  + todos[0]: Todo(title: "milk", isDone: false)
                """,
                """
                ▸ ToggleTodo(index: 0)
                    todos[0].isDone: false → true
                """,
            ])
    }

    @Test func theLoggerDimsTheCallSiteInColor() {
        let lines = Collected<String>()
        let logger: Middleware<TodoState> = createLoggingMiddleware(
            to: LogSink { lines.append($0) }, color: .always)
        run(
            Refresh(), through: logger, state: TodoState(),
            origin: DispatchOrigin(callSite: site, thread: .current))
        #expect(
            lines.all.first?.hasPrefix(
                "\u{1B}[1m▸ Refresh()\u{1B}[0m\u{1B}[2m  from TodoTerminal/TodoCommand.swift:42\u{1B}[0m")
                == true)
    }

    @Test func theRecorderKeepsTheCallSiteAndReplayReadsIt() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry, now: SteppingClock().now)
        let middleware: Middleware<TodoState> = recorder.middleware()
        run(
            AddTodo(title: "milk"), through: middleware, state: TodoState(),
            origin: DispatchOrigin(callSite: site, thread: .current))
        run(ToggleTodo(index: 0), through: middleware, state: TodoState(), origin: nil)

        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(
            lines[1]
                == #"{"action":{"title":"milk"},"callSite":"TodoTerminal/TodoCommand.swift:42","index":0,"time":1800000000.25,"type":"AddTodo"}"#
        )
        #expect(lines[2] == #"{"action":{"index":0},"index":1,"time":1800000000.5,"type":"ToggleTodo"}"#)

        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        #expect(session.entries.map(\.callSite) == ["TodoTerminal/TodoCommand.swift:42", nil])
    }

    @Test func aSessionRecordedBeforeCallSitesStillLoads() throws {
        let text = """
            {"format":"ReSwiftDevTools.session","started":1800000000,"version":1}
            {"action":{"title":"milk"},"index":0,"time":1800000000.25,"type":"AddTodo"}

            """
        let session = try RecordedSession(data: Data(text.utf8), registry: todoRegistry)
        #expect(session.skipped.isEmpty)
        #expect(session.entries.count == 1)
        #expect(session.entries.first?.callSite == nil)
    }
}
