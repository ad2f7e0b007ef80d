// Run after README.md's ReSwiftPersistence program (GuideProgramTests), which found a todos.json
// holding one todo: the store started with it, and the persister writes what the store holds.
import Foundation
import ReSwift
import ReSwiftPersistence
import Testing

@MainActor @Test func theStoreStartedWithTheSavedTodos() throws {
    #expect(store.state.todos == [Todo(title: "Buy milk")])
    persister.flush()
    #expect(try file.read() == [Todo(title: "Buy milk")])
}
