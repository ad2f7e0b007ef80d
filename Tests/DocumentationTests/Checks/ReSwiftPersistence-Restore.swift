// Run after the "Restore at launch" program of ReSwiftPersistence's "Persisting State"
// (GuideProgramTests), which found a todos.json holding one todo: the store starts with it, and
// reading a usable file changed nothing on disk.
import Foundation
import ReSwiftPersistence
import Testing

@MainActor @Test func theStoreStartsWithTheStoredTodos() throws {
    #expect(store.state.todos == [Todo(title: "Buy milk")])
    #expect(!FileManager.default.fileExists(atPath: url.path + ".lock"), "a load takes no lock")
    #expect(
        try String(contentsOf: url, encoding: .utf8)
            == #"{"schemaVersion": 1, "value": [{"title": "Buy milk", "done": false}]}"#)
}
