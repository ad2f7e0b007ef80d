import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// `flush()` is the one call an iOS, tvOS or watchOS app makes when it moves to the background
/// (those systems end suspended apps without `exit`, so the exit flush never runs there): safe to
/// call any number of times, from any thread.
@Suite struct BackgroundFlushTests {
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

    @Test func flushingAgainAndAgainWritesEachChangeOnce() throws {
        let store = makeTodoStore()
        let persister = makeLoggedPersister(store, file: todosFile(), clock: clock, log: log)
        store.dispatch(AddTodo(title: "a"))
        for _ in 0..<3 { persister.flush() }
        #expect(log.written == [["a"]])
        store.dispatch(AddTodo(title: "b"))
        for _ in 0..<3 { persister.flush() }
        clock.advance(milliseconds: 1_000)
        persister.flush()
        #expect(log.written == [["a"], ["a", "b"]])
        #expect(try todosFile().load() == ["a", "b"])
        #expect(problems.all.isEmpty)
    }

    @Test func flushingWithNothingPendingTouchesNoFile() {
        let store = makeTodoStore(["restored"])
        let persister = makeLoggedPersister(store, file: todosFile(), clock: clock, log: log)
        for _ in 0..<3 { persister.flush() }
        #expect(log.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("todos.json").path))
    }

    @Test func flushesFromManyThreadsAtOnceWriteThePendingSliceOnce() throws {
        let store = makeTodoStore()
        let persister = makeLoggedPersister(store, file: todosFile(), clock: clock, log: log)
        store.dispatch(AddTodo(title: "a"))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in persister.flush() }
        #expect(log.written == [["a"]])
        #expect(try todosFile().load() == ["a"])
    }

    @Test func aFailedWriteIsTriedAgainByTheNextFlushAndThenWrittenOnce() throws {
        let store = makeTodoStore()
        let persister = makeLoggedPersister(store, file: todosFile(), clock: clock, log: log)
        log.failsWrites = true
        store.dispatch(AddTodo(title: "a"))
        persister.flush()
        persister.flush()
        #expect(problems.all.count == 2)
        #expect(persister.hasPendingWrite)
        log.failsWrites = false
        for _ in 0..<3 { persister.flush() }
        #expect(log.written == [["a"]])
        #expect(!persister.hasPendingWrite)
        #expect(try todosFile().load() == ["a"])
    }

    @Test func flushingAfterStopWritesNothingMore() throws {
        let store = makeTodoStore()
        let persister = makeLoggedPersister(store, file: todosFile(), clock: clock, log: log)
        store.dispatch(AddTodo(title: "a"))
        persister.stop()
        store.dispatch(AddTodo(title: "b"))
        for _ in 0..<3 { persister.flush() }
        #expect(log.written == [["a"]])
        #expect(try todosFile().load() == ["a"])
    }
}
