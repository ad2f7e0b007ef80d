import Foundation
import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

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
}
