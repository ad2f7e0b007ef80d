import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// A persister with `merge` while another writer (another process, here a second handle) changes the file.
@Suite struct StatePersisterMergeTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()
    let clock = ManualClock()
    let conflicts = Collected<PersistenceConflict<[String]>>()  // what the merge function saw

    init() throws { directory = try TemporaryDirectory() }

    func todosFile() -> PersistedFile<[String]> {
        PersistedFile(
            url: directory.file("todos.json"), whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
    }

    /// Keeps the other side's items, drops what we removed, appends what we added.
    func makePersister(_ store: Store<TodoState>) -> StatePersister<TodoState, [String]> {
        let conflicts = conflicts
        return StatePersister(
            store: store, file: todosFile(), select: \.todos, quietPeriod: 200_000_000, flushesOnExit: false,
            merge: { conflict in
                conflicts.append(conflict)
                let base = conflict.base ?? []
                let added = conflict.ours.filter { !base.contains($0) }
                let removed = base.filter { !conflict.ours.contains($0) }
                let merged = (conflict.theirs ?? []).filter { !removed.contains($0) } + added
                store.dispatch(ReplaceTodos(todos: merged))
                return merged
            },
            clock: clock, write: nil)
    }

    /// The file's inode number, which changes with every atomic write.
    func fileIdentity() throws -> Int? {
        try
            (FileManager.default.attributesOfItem(atPath: directory.file("todos.json").path)[
                .systemFileNumber]
            as? NSNumber)?.intValue
    }

    @Test func anUnchangedFileIsSimplyReplacedWithoutAMerge() throws {
        try todosFile().save(["a"])
        let store = Store(reducer: mergingTodoReducer, state: TodoState(todos: ["a"]))
        let persister = makePersister(store)
        store.dispatch(AddTodo(title: "b"))
        persister.flush()
        #expect(try todosFile().load() == ["a", "b"])
        #expect(conflicts.all.isEmpty)
    }

    @Test func anItemAnotherProcessAddedSurvivesOurWrite() throws {
        try todosFile().save(["a"])
        let store = Store(reducer: mergingTodoReducer, state: TodoState(todos: ["a"]))
        let persister = makePersister(store)

        try todosFile().update { $0?.append("theirs") }  // another process, meanwhile
        store.dispatch(AddTodo(title: "ours"))
        persister.flush()

        #expect(try todosFile().load() == ["a", "theirs", "ours"])
        #expect(
            conflicts.all == [
                PersistenceConflict(base: ["a"], ours: ["a", "ours"], theirs: ["a", "theirs"])
            ])
        #expect(store.state.todos == ["a", "theirs", "ours"])  // the merge was shown in the store…
        #expect(!persister.hasPendingWrite)  // …and not queued for writing again
        let fileNumber = try fileIdentity()
        clock.advance(milliseconds: 1_000)
        #expect(try fileIdentity() == fileNumber)  // each write renames a new file into place

        store.dispatch(AddTodo(title: "later"))  // the merged value is the new base
        persister.flush()
        #expect(conflicts.all.count == 1)
        #expect(try todosFile().load() == ["a", "theirs", "ours", "later"])
    }

    @Test func aRemovalMergesWithTheirAddition() throws {
        try todosFile().save(["a", "b"])
        let store = Store(reducer: mergingTodoReducer, state: TodoState(todos: ["a", "b"]))
        let persister = makePersister(store)
        try todosFile().update { $0?.append("c") }
        store.dispatch(ReplaceTodos(todos: ["b"]))
        persister.flush()
        #expect(try todosFile().load() == ["b", "c"])
    }

    @Test func withoutMergeTheStoresSliceReplacesTheFile() throws {
        try todosFile().save(["a"])
        let store = Store(reducer: mergingTodoReducer, state: TodoState(todos: ["a"]))
        let persister = StatePersister(
            store: store, file: todosFile(), select: \.todos, quietPeriod: 0.2, flushesOnExit: false)
        try todosFile().update { $0?.append("theirs") }
        store.dispatch(AddTodo(title: "ours"))
        persister.flush()
        #expect(try todosFile().load() == ["a", "ours"])
    }
}
