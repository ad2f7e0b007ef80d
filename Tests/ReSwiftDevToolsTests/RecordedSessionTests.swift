import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

@Suite struct RecordedSessionTests {
    let header = #"{"format":"ReSwiftDevTools.session","started":1800000000,"version":1}"#

    func load(_ lines: [String], registry: ActionRegistry = todoRegistry) throws -> RecordedSession {
        try RecordedSession(data: Data(lines.joined(separator: "\n").utf8), registry: registry)
    }

    @Test func readsActionsTypesAndTimes() throws {
        let session = try load([
            header,
            #"{"action":{"title":"a"},"index":0,"time":1800000001.5,"type":"AddTodo"}"#,
            #"{"action":{"index":0},"index":1,"time":1800000002,"type":"ToggleTodo"}"#,
        ])
        #expect(session.startDate == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(session.entries.map(\.typeName) == ["AddTodo", "ToggleTodo"])
        #expect(session.entries.map(\.date.timeIntervalSince1970) == [1_800_000_001.5, 1_800_000_002])
        #expect(session.actions.first as? AddTodo == AddTodo(title: "a"))
        #expect(session.actions.last as? ToggleTodo == ToggleTodo(index: 0))
        #expect(session.skipped.isEmpty)
    }

    @Test func skipsUnknownTypesAndListsThem() throws {
        let session = try load([
            header,
            #"{"action":{"title":"a"},"index":0,"time":1,"type":"AddTodo"}"#,
            #"{"action":{},"index":1,"time":2,"type":"RenamedAction"}"#,
            #"{"action":{"index":0},"index":2,"time":3,"type":"ToggleTodo"}"#,
        ])
        #expect(session.actions.count == 2)
        #expect(session.skipped.map(\.lineNumber) == [3])
        #expect(session.skipped.first?.typeName == "RenamedAction")
        #expect(session.skipped.first?.reason.contains("register it") == true)
    }

    @Test func skipsActionsThatNoLongerDecodeAndBrokenLines() throws {
        let session = try load([
            header,
            #"{"action":{"name":"a"},"index":0,"time":1,"type":"AddTodo"}"#,
            #"{"action":{"title":"b"},"index":1,"time":2,"type":"AddTodo"}"#,
            #"{"action":{"title":"c"},"ind"#,
        ])
        #expect((session.actions as? [AddTodo]) == [AddTodo(title: "b")])
        #expect(session.skipped.map(\.lineNumber) == [2, 4])
        #expect(session.skipped.map(\.typeName) == ["AddTodo", nil])
        #expect(session.skipped.last?.description == "line 4: not a session entry (invalid JSON)")
    }

    @Test func rejectsDataThatIsNotASession() {
        let error = thrownError(SessionError.self) {
            try load([#"{"title":"a"}"#])
        }
        #expect(error?.description.contains("not a ReSwiftDevTools session") == true)
        #expect(throws: SessionError.self) { try load([]) }
    }

    @Test func rejectsANewerFormatVersion() {
        let error = thrownError(SessionError.self) {
            try load([#"{"format":"ReSwiftDevTools.session","started":0,"version":99}"#])
        }
        #expect(error?.description.contains("version 99") == true)
    }

    @Test func reportsAMissingFileWithItsPath() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("missing.jsonl")
        let error = thrownError(SessionError.self) {
            try RecordedSession(contentsOf: url, registry: todoRegistry)
        }
        #expect(error?.url == url)
        #expect(error?.description.contains(url.path) == true)
    }

    @Test func emptySessionHasNoActions() throws {
        let session = try load([header, ""])
        #expect(session.entries.isEmpty)
        #expect(session.skipped.isEmpty)
    }
}
