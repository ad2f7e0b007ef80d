import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

@Suite struct SessionRecorderTests {
    @Test func writesAHeaderAndOneJSONLinePerRegisteredAction() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let clock = SteppingClock()
        let recorder = try SessionRecorder(url: url, registry: todoRegistry, now: clock.now)
        let store = Store(reducer: todoReducer, state: nil, middleware: [recorder.middleware()])

        store.dispatch(AddTodo(title: "milk \"2%\""))
        store.dispatch(Refresh())
        store.dispatch(ToggleTodo(index: 0))

        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(
            text == """
                {"format":"ReSwiftDevTools.session","started":1800000000,"version":1}
                {"action":{"title":"milk \\"2%\\""},"index":0,"time":1800000000.25,"type":"AddTodo"}
                {"action":{"index":0},"index":1,"time":1800000000.5,"type":"ToggleTodo"}

                """
        )
        #expect(recorder.recordedCount == 2)
        // ReSwiftInit (dispatched by the store) and Refresh are not registered.
        #expect(recorder.skippedCount == 2)
    }

    @Test func recordsEachActionBeforeTheReducerRuns() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        let linesSeenByReducer = Collected<Int>()
        let reducer: Reducer<TodoState> = { action, state in
            if action is AddTodo {
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                linesSeenByReducer.append(text.split(separator: "\n").count)
            }
            return todoReducer(action: action, state: state)
        }
        let store = Store(reducer: reducer, state: TodoState(), middleware: [recorder.middleware()])
        store.dispatch(AddTodo(title: "a"))
        #expect(linesSeenByReducer.all == [2])
    }

    @Test func refusesToReplaceAnExistingFileUnlessAsked() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        try Data("keep me".utf8).write(to: url)

        let error = thrownError(SessionError.self) {
            try SessionRecorder(url: url, registry: todoRegistry)
        }
        #expect(error?.description.contains("overwrite: true") == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == "keep me")

        let recorder = try SessionRecorder(url: url, registry: todoRegistry, overwrite: true)
        recorder.record(AddTodo(title: "a"))
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("{\"format\""))
    }

    @Test func createsMissingFolders() throws {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("a/b/session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        recorder.record(SetFilter(filter: "x"))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(recorder.recordedCount == 1)
    }

    @Test func reportsActionsRecordedAfterClosing() throws {
        let folder = try TemporaryDirectory()
        let problems = Collected<SessionRecorder.Problem>()
        let recorder = try SessionRecorder(
            url: folder.file("session.jsonl"),
            registry: todoRegistry,
            errorHandler: { problems.append($0) }
        )
        recorder.close()
        recorder.record(AddTodo(title: "late"))
        #expect(problems.all.count == 1)
        #expect(problems.all.first?.message.contains("closed") == true)
        #expect(recorder.recordedCount == 0)
    }

    @Test func aRecorderWithoutAnErrorHandlerReportsToDevToolsHooks() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let problems = Collected<SessionRecorder.Problem>()
        let previous = DevToolsHooks.errorHandler
        // Other tests' recorders may report here meanwhile: only this test's file counts.
        DevToolsHooks.errorHandler = { problem in if problem.url == url { problems.append(problem) } }
        defer { DevToolsHooks.errorHandler = previous }
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        recorder.close()
        recorder.record(AddTodo(title: "late"))
        #expect(problems.all.count == 1)
        #expect(problems.all.first?.message.contains("closed") == true)
    }

    @Test func recordsFromManyThreadsWithoutMixingLines() async throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<50 { recorder.record(AddTodo(title: "\(task)-\(index)")) }
                }
            }
        }
        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        #expect(session.entries.count == 200)
        #expect(session.skipped.isEmpty)
    }
}
