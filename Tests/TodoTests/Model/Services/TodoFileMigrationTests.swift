import Foundation
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Files written by schema version 1 (full copies of the list as the undo history) are read as
/// version 2 (undo steps), with the same undo behaviour.
@Suite struct TodoFileMigrationTests {
    /// The list as version 1 wrote it.
    private struct Version1: Encodable {
        var items: [TodoItem]
        var nextID: Int
        var undoHistory: [[TodoItem]]
    }

    private struct Envelope<Value: Encodable>: Encodable {
        var schemaVersion: Int
        var value: Value
    }

    private func reduce(_ actions: [TodoAction]) -> (state: TodoState, copies: [[TodoItem]]) {
        var state = TodoState()
        var copies: [[TodoItem]] = []
        for action in actions {
            let next = todoReducer(action: action, state: state)
            if next.items != state.items { copies.append(state.items) }
            state = next
        }
        return (state, copies)
    }

    /// Writes `value` as version 1 did: a pretty-printed envelope with sorted keys.
    private func writeVersion1(_ value: Version1, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(Envelope(schemaVersion: 1, value: value)).write(to: url)
    }

    private func todoFile(in folder: TemporaryDirectory) -> (file: TodoFile, notices: Collected<String>) {
        let notices = Collected<String>()
        return (TodoFile(url: folder.file("todo.json")) { notices.append($0) }, notices)
    }

    @Test func theSchemaVersionIsTwo() {
        #expect(TodoFile.schemaVersion == 2)
        #expect(TodoFile.migrations.map(\.fromVersion) == [1])
    }

    @Test func aVersion1FileUndoesToEveryCopyItKept() throws {
        let folder = try TemporaryDirectory(prefix: "todo-migration")
        let (file, notices) = todoFile(in: folder)
        let (state, copies) = reduce([
            AddTodo(title: "a"), AddTodo(title: "b"), AddTodo(title: "c"), ToggleTodo(id: 2),
            UpdateTodo(id: 1, title: "A"),
            AddTodo(title: "d"), ToggleTodo(id: 4), ClearDoneTodos(), RemoveTodo(id: 3), ToggleTodo(id: 1),
        ])
        try writeVersion1(
            Version1(items: state.items, nextID: state.nextID, undoHistory: copies), to: file.url)
        let written = try Data(contentsOf: file.url)

        var migrated = try file.read()
        #expect(migrated.items == state.items)
        #expect(migrated.nextID == state.nextID)
        #expect(migrated.undoHistory.count == copies.count)
        #expect(try Data(contentsOf: file.url) == written, "reading rewrote the file")
        #expect(notices.all.isEmpty)

        var remaining = copies
        while let previous = remaining.popLast() {
            migrated = todoReducer(action: UndoTodoChange(), state: migrated)
            #expect(migrated.items == previous)
        }
        #expect(!migrated.canUndo)
    }

    @Test func theNextChangeWritesVersion2AndUndoGoesOnAcrossRuns() throws {
        let folder = try TemporaryDirectory(prefix: "todo-migration")
        let (file, _) = todoFile(in: folder)
        let (state, copies) = reduce([AddTodo(title: "a"), AddTodo(title: "b"), RemoveTodo(id: 1)])
        try writeVersion1(
            Version1(items: state.items, nextID: state.nextID, undoHistory: copies), to: file.url)

        #expect(try file.perform(.add(title: "c")) == "Added 2: c")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 2)

        for expected in [["b"], ["a", "b"], ["a"], []] {
            _ = try file.perform(.undo)
            #expect(try file.read().items.map(\.title) == expected)
        }
        #expect(throws: TodoCommandError.self) { try file.perform(.undo) }
    }

    @Test func copiesNoStepCanProduceEndTheHistory() {
        let a = TodoItem(id: 1, title: "a")
        let b = TodoItem(id: 2, title: "b")
        let c = TodoItem(id: 3, title: "c")
        // Oldest first: [b, a] can't come back from [a, b] (the order changed; the reducer never
        // does that), so it and the copies older than it are dropped; [a, b] still comes back.
        let old = TodoStateVersion1(items: [a, b, c], nextID: 4, undoHistory: [[], [b, a], [a, b]])
        var state = old.migrated()
        #expect(state.undoHistory.count == 1)
        state = todoReducer(action: UndoTodoChange(), state: state)
        #expect(state.items == [a, b])
        #expect(!state.canUndo)
    }

    @Test func aVersion1FileWithDamagedIDsIsMigratedThenRepaired() throws {
        let folder = try TemporaryDirectory(prefix: "todo-migration")
        let (file, notices) = todoFile(in: folder)
        let twins = [TodoItem(id: 1, title: "a"), TodoItem(id: 1, title: "b")]
        try writeVersion1(Version1(items: twins, nextID: 1, undoHistory: [[]]), to: file.url)
        let state = try file.read()
        #expect(state.items.map(\.id) == [1, 2])
        #expect(state.nextID == 3)
        #expect(notices.all.count == 1)
        #expect(notices.all.first?.contains("had damaged ids, repaired") == true)
    }
}

extension TodoFileMigrationTests {
    @Test func theStepsJSONIsWhatTheirCodableFormWrites() throws {
        let steps = [
            TodoUndoStep(removedIDs: [3]),
            TodoUndoStep(restored: [TodoItem(id: 1, title: "a", isDone: true)]),
            TodoUndoStep(reinserted: [.init(index: 2, item: TodoItem(id: 4, title: "d"))]), TodoUndoStep(),
        ]
        for step in steps {
            let viaJSONValue = try JSONDecoder().decode(
                TodoUndoStep.self, from: JSONEncoder().encode(step.json))
            #expect(viaJSONValue == step)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(step.json) == encoder.encode(step))
        }
    }

    @Test func aVersion1FileOfTheWrongShapeIsRefusedAndLeftAsItIs() throws {
        let folder = try TemporaryDirectory(prefix: "todo-migration")
        let (file, _) = todoFile(in: folder)
        let bad = Data(
            #"{"schemaVersion":1,"value":{"items":[],"nextID":1,"undoHistory":[[{"id":"one"}]]}}"#.utf8)
        try bad.write(to: file.url)
        let error = thrownError((any Error).self) { try file.read() }
        let message = error.map { String(describing: $0) } ?? ""
        #expect(message.contains("couldn't be migrated"), "\(message)")
        #expect(message.contains("undoHistory[0][0]"), "\(message)")
        #expect(try Data(contentsOf: file.url) == bad)
    }
}
