import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

@Suite(.timeLimit(.minutes(5))) struct StatePersisterTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()
    let clock = ManualClock()
    let log = WriteLog<[String]>()

    init() throws { directory = try TemporaryDirectory() }

    func todosFile() -> PersistedFile<[String]> {
        PersistedFile(
            url: directory.file("todos.json"), whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
    }

    /// A persister on the manual clock with a 200 ms quiet period, writing to the file and the log.
    func makePersister(_ store: Store<TodoState>, file: PersistedFile<[String]>? = nil)
        -> StatePersister<TodoState, [String]>
    {
        makeLoggedPersister(store, file: file ?? todosFile(), clock: clock, log: log)
    }

    @Test func aBurstOfActionsIsOneWriteOfTheLastSliceAfterTheQuietPeriod() throws {
        let store = makeTodoStore()
        let persister = makePersister(store)
        for index in 0..<20 { store.dispatch(AddTodo(title: "item \(index)")) }
        clock.advance(milliseconds: 199)
        #expect(log.written.isEmpty)
        #expect(persister.hasPendingWrite)
        clock.advance(milliseconds: 1)
        #expect(log.written.count == 1)
        #expect(log.written.last == store.state.todos)
        #expect(try todosFile().load()?.count == 20)
        #expect(!persister.hasPendingWrite)
    }

    @Test func changesOutsideTheSliceAndTheInitialSliceAreNotWritten() throws {
        let store = makeTodoStore(["restored"])
        let persister = makePersister(store)
        for _ in 0..<5 { store.dispatch(MoveCursor()) }
        #expect(clock.scheduledCount == 0)
        clock.advance(milliseconds: 1_000)
        persister.flush()
        #expect(log.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("todos.json").path))
    }

    @Test func flushWritesThePendingSliceAtOnce() throws {
        let store = makeTodoStore()
        let persister = makePersister(store)
        store.dispatch(AddTodo(title: "Buy milk"))
        persister.flush()
        #expect(try todosFile().load() == ["Buy milk"])
        clock.advance(milliseconds: 1_000)
        #expect(log.written.count == 1)
    }

    @Test func aPersisterThatGoesAwayWritesWhatIsPendingAndStopsObserving() throws {
        let store = makeTodoStore()
        do {
            let persister = makePersister(store)
            store.dispatch(AddTodo(title: "kept"))
            _ = persister
        }
        #expect(try todosFile().load() == ["kept"])
        store.dispatch(AddTodo(title: "not persisted"))
        clock.advance(milliseconds: 1_000)
        #expect(log.written == [["kept"]])
    }

    @Test func stopWritesWhatIsPendingAndEndsPersistence() throws {
        let store = makeTodoStore()
        let persister = makePersister(store)
        store.dispatch(AddTodo(title: "a"))
        persister.stop()
        store.dispatch(AddTodo(title: "b"))
        clock.advance(milliseconds: 1_000)
        persister.flush()
        #expect(try todosFile().load() == ["a"])
    }

    @Test func writeErrorsGoToTheFilesErrorHandler() throws {
        let blocker = directory.file("blocker")
        try Data("x".utf8).write(to: blocker)
        let file = PersistedFile<[String]>(
            url: blocker.appendingPathComponent("todos.json"), whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
        let store = makeTodoStore()
        let persister = StatePersister(
            store: store, file: file, select: \.todos, quietPeriod: 200_000_000, flushesOnExit: false,
            merge: nil,
            clock: clock, write: nil)
        store.dispatch(AddTodo(title: "a"))
        persister.flush()
        let problem = try #require(problems.all.first)
        #expect(problem.kind == .writeFailed)
        #expect(problem.fileURL == file.url)
        #expect(persister.hasPendingWrite)  // kept for the next attempt
    }

    @Test func onTheRealClockChangesReachTheFileWithoutAFlush() async throws {
        let store = makeTodoStore()
        let file = todosFile()
        let persister = StatePersister(store: store, file: file, select: \.todos, quietPeriod: 0.01)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        try await eventually("the file to hold both todos") { try file.load() == ["a", "b"] }
        #expect(try file.load() == ["a", "b"])
        withExtendedLifetime(persister) {}
    }

    @Test func theDefaultInitializerPersistsWithoutDuration() throws {
        let store = makeTodoStore()
        let persister = StatePersister(store: store, file: todosFile(), select: \.todos)
        store.dispatch(AddTodo(title: "a"))
        persister.flush()
        #expect(!persister.hasPendingWrite)
        #expect(try todosFile().load() == ["a"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func theDurationInitializerPersistsToo() throws {
        let store = makeTodoStore()
        let persister = StatePersister(
            store: store, file: todosFile(), select: \.todos, coalescing: .seconds(60))
        store.dispatch(AddTodo(title: "a"))
        #expect(persister.hasPendingWrite)
        persister.flush()
        #expect(try todosFile().load() == ["a"])
    }

    @Test func theExitHookWritesWhatIsPendingWhenTheProcessExits() throws {
        let writer = try builtProductURL("PersistenceWriter")
        for (flag, expected) in [(nil, 5), ("--no-exit-flush", nil) as (String?, Int?)] {
            let url = directory.file("counter-\(flag ?? "flush").json")
            let run = try runProgram(
                writer, arguments: ["persist-and-exit", url.path, "5"] + (flag.map { [$0] } ?? []),
                timeout: 60)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                try PersistedFile<Int>(
                    url: url, whenUnusable: .setAsideAndRebuild, errorHandler: problems.append
                ).load() == expected)
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct StatePersisterConcurrencyTests {
    @Test func dispatchesFromManyThreadsEndWithTheStoresSliceOnDisk() throws {
        let directory = try TemporaryDirectory()
        let file = PersistedFile<[String]>(
            url: directory.file("todos.json"), whenUnusable: .setAsideAndRebuild)
        let store = makeTodoStore()
        let persister = StatePersister(store: store, file: file, select: \.todos, quietPeriod: 0.001)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<50 { store.dispatch(AddTodo(title: "\(thread)-\(index)")) }
        }
        persister.flush()
        let saved = try #require(try file.load())
        #expect(saved.count == 200)
        #expect(saved == store.state.todos)
    }
}
