import Foundation
import ReSwift
import ReSwiftDevTools
import ReSwiftDiff
import TestSupport
import Testing

@Suite struct ReplayTests {
    @Test func recordingReplayedIntoAFreshStoreReachesTheSameState() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        let recorded = Store(reducer: todoReducer, state: nil, middleware: [recorder.middleware()])
        for title in ["milk", "eggs", "bread"] {
            recorded.dispatch(AddTodo(title: title))
        }
        recorded.dispatch(ToggleTodo(index: 1))
        recorded.dispatch(Refresh())
        recorded.dispatch(SetFilter(filter: "done"))
        recorded.dispatch(ToggleTodo(index: 0))
        recorder.close()

        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        let replayed = Store(reducer: todoReducer, state: nil)
        session.replay(into: replayed)

        #expect(session.entries.count == 6)
        #expect(replayed.state == recorded.state)
        #expect(StateDiff.differences(recorded.state, replayed.state).isEmpty)
        #expect(replayed.state.todos.map(\.isDone) == [true, true, false])
    }

    @Test func sessionWithExactlyOneActionReplays() throws {
        // ReSwift-Recorder issue 11: a recording of a single action could not be replayed.
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        recorder.record(AddTodo(title: "only"))
        recorder.close()

        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        let store = session.replayedStore(reducer: todoReducer)
        #expect(store.state.todos == [Todo(title: "only")])
    }

    @Test func replaysAPrefix() throws {
        let session = try RecordedSession(
            data: Data(
                """
                {"format":"ReSwiftDevTools.session","started":0,"version":1}
                {"action":{"title":"a"},"index":0,"time":1,"type":"AddTodo"}
                {"action":{"title":"b"},"index":1,"time":2,"type":"AddTodo"}
                {"action":{"title":"c"},"index":2,"time":3,"type":"AddTodo"}
                """.utf8
            ),
            registry: todoRegistry
        )
        let store = Store(reducer: todoReducer, state: TodoState())
        session.replay(into: store, count: 2)
        #expect(store.state.todos.map(\.title) == ["a", "b"])

        var handed: [String] = []
        session.replay(count: 10) { handed.append(($0 as? AddTodo)?.title ?? "?") }
        #expect(handed == ["a", "b", "c"])
        session.replay(count: -1) { _ in handed.append("none") }
        #expect(handed.count == 3)
    }

    @Test func replayStartsFromTheGivenState() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry)
        recorder.record(ToggleTodo(index: 0))
        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)

        let start = TodoState(todos: [Todo(title: "x")], filter: "all")
        let store = session.replayedStore(reducer: todoReducer, state: start)
        #expect(store.state.todos == [Todo(title: "x", isDone: true)])
    }

    @Test func replayStartsFromTheRecordedInitialState() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        let restored = TodoState(todos: [Todo(title: "saved")], filter: "open")
        let recorder = try SessionRecorder(url: url, registry: todoRegistry, initialState: restored)
        let recorded = Store(reducer: todoReducer, state: restored, middleware: [recorder.middleware()])
        recorded.dispatch(ToggleTodo(index: 0))
        recorded.dispatch(AddTodo(title: "new"))

        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        let initial = try session.initialState(as: TodoState.self)
        #expect(initial == restored)
        let replayed = session.replayedStore(reducer: todoReducer, state: initial)
        #expect(replayed.state == recorded.state)
    }

    @Test func sessionWithoutInitialStateHasNone() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        _ = try SessionRecorder(url: url, registry: todoRegistry)
        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        #expect(try session.initialState(as: TodoState.self) == nil)
    }

    @Test func initialStateOfAnotherShapeIsReported() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        _ = try SessionRecorder(url: url, registry: todoRegistry, initialState: ["count": 3])
        let session = try RecordedSession(contentsOf: url, registry: todoRegistry)
        let error = thrownError(SessionError.self) {
            try session.initialState(as: TodoState.self)
        }
        #expect(error?.description.contains("does not decode as") == true)
        #expect(error?.url == url)
    }
}
