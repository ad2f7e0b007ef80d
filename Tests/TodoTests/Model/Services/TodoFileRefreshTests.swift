import Foundation
import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive list's refresh: an effect on the store's clock that brings in what other
/// `todo` processes saved, tested on a `TestClock` (no real time passes).
@Suite struct TodoFileRefreshTests {
    @Test func theRefreshBringsInAnotherProcessesChangeOnceTheIntervalHasPassed() async throws {
        let temporary = try TemporaryDirectory(prefix: "todo-refresh")
        let file = TodoFile(url: temporary.file("todo.json")) { _ in }
        let watcher = TodoFileWatcher(file: file, list: try file.read(), resetAdvice: "run: todo reset-file")
        let clock = TestClock()
        let store = Store<TodoAppState>(
            reducer: reduceTodoApp, state: TodoAppState(),
            middleware: [
                createThunkMiddleware(effects: ThunkEffects(clock: clock)), file.middleware(watcher: watcher),
            ])
        let stop = watcher.startRefreshing(store, every: .seconds(1))
        defer { stop() }

        _ = try TodoFile(url: file.url) { _ in }.perform(.add(title: "From a script"))
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.list.items.isEmpty)
        await clock.advance(by: .milliseconds(1))
        #expect(store.state.list.items.map(\.title) == ["From a script"])
    }

    @Test func aListTheStoreTravelledAwayFromIsNotSnappedBackUntilTheFileChanges() async throws {
        let temporary = try TemporaryDirectory(prefix: "todo-refresh")
        let file = TodoFile(url: temporary.file("todo.json")) { _ in }
        _ = try file.perform(.add(title: "Buy milk"))
        let saved = try file.read()
        let watcher = TodoFileWatcher(file: file, list: saved, resetAdvice: "run: todo reset-file")
        let clock = TestClock()
        // The store shows an older list (as after a jump back in time); the file hasn't changed.
        let store = Store<TodoAppState>(
            reducer: reduceTodoApp, state: TodoAppState(),
            middleware: [
                createThunkMiddleware(effects: ThunkEffects(clock: clock)), file.middleware(watcher: watcher),
            ])
        let stop = watcher.startRefreshing(store, every: .seconds(1))
        defer { stop() }

        await clock.advance(by: .seconds(3))
        #expect(store.state.list.items.isEmpty)
        _ = try TodoFile(url: file.url) { _ in }.perform(.add(title: "Walk the dog"))
        await clock.advance(by: .seconds(1))
        #expect(store.state.list.items.map(\.title) == ["Buy milk", "Walk the dog"])
    }

    @Test func aFileWhoseIdentitySizeAndTimeAreUnchangedIsNotReadAgain() throws {
        let temporary = try TemporaryDirectory(prefix: "todo-refresh")
        let file = TodoFile(url: temporary.file("todo.json")) { _ in }
        _ = try file.perform(.add(title: "Buy milk"))
        let watcher = TodoFileWatcher(file: file, list: nil, resetAdvice: "run: todo reset-file")
        var dispatched: [Action] = []
        watcher.refresh { dispatched.append($0) }
        #expect(dispatched.count == 1, "the first look reads the list")

        // Same inode, same size, same modification time, different bytes: a look that read the
        // file would find it damaged. Only the fingerprint is looked at, so nothing is read.
        let url = file.url
        var before = stat()
        try #require(stat(url.path, &before) == 0)
        let original = try Data(contentsOf: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: original.count))
        try handle.close()
        #if canImport(Darwin)
            var times = [before.st_atimespec, before.st_mtimespec]
        #else
            var times = [before.st_atim, before.st_mtim]
        #endif
        try #require(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        dispatched.removeAll()
        watcher.refresh { dispatched.append($0) }
        #expect(dispatched.isEmpty)

        // A real change (a save renames a new file into place) is read.
        try original.write(to: url)
        _ = try TodoFile(url: url) { _ in }.perform(.add(title: "Walk the dog"))
        watcher.refresh { dispatched.append($0) }
        #expect(
            (dispatched.first as? TodoListLoaded)?.list.items.map(\.title) == ["Buy milk", "Walk the dog"])
    }
}
