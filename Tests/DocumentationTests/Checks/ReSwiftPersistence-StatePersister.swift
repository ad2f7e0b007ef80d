// Run after the "Save as the state changes" program of ReSwiftPersistence's "Persisting State"
// (GuideProgramTests): the persister writes the store's todos, the latest of a burst, on flush.
import Foundation
import ReSwift
import ReSwiftPersistence
import Testing

@MainActor @Test func thePersisterWritesTheLatestTodos() throws {
    store.dispatch(AddTodo(title: "Call Ana"))
    persister.flush()
    #expect(try file.load() == [Todo(title: "Call Ana")])
    store.dispatch(AddTodo(title: "Buy milk"))
    store.dispatch(AddTodo(title: "Water plants"))
    persister.flush()
    #expect(try file.load()?.map(\.title) == ["Call Ana", "Buy milk", "Water plants"])
}
