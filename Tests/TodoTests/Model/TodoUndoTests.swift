import Foundation
import Testing

@testable import TodoCore

@Suite struct TodoUndoTests {
    private func reduce(_ actions: [TodoAction], from state: TodoState = TodoState()) -> TodoState {
        actions.reduce(state) { todoReducer(action: $1, state: $0) }
    }

    @Test func undoRestoresTheListBeforeTheLastChange() {
        let state = reduce([AddTodo(title: "a"), AddTodo(title: "b"), RemoveTodo(id: 1)])
        #expect(state.items.map(\.title) == ["b"])
        let undone = reduce([UndoTodoChange()], from: state)
        #expect(undone.items.map(\.title) == ["a", "b"])
        let twice = reduce([UndoTodoChange()], from: undone)
        #expect(twice.items.map(\.title) == ["a"])
    }

    @Test func undoDoesNotReuseIDs() {
        let state = reduce([AddTodo(title: "a"), UndoTodoChange(), AddTodo(title: "b")])
        #expect(state.items == [TodoItem(id: 2, title: "b")])
    }

    @Test func changesThatChangeNothingAreNotRecorded() {
        let state = reduce([AddTodo(title: "a"), AddTodo(title: "a"), RemoveTodo(id: 5), ClearDoneTodos()])
        #expect(state.undoHistory.count == 1)
    }

    @Test func undoWithNoHistoryChangesNothing() {
        let state = TodoState(items: [TodoItem(id: 1, title: "a")])
        #expect(!state.canUndo)
        #expect(reduce([UndoTodoChange()], from: state) == state)
    }

    @Test func historyIsBounded() {
        let adds = (1...(TodoState.undoLimit + 10)).map { AddTodo(title: "item \($0)") }
        let state = reduce(adds)
        #expect(state.undoHistory.count == TodoState.undoLimit)
        let undoAll = reduce(Array(repeating: UndoTodoChange(), count: TodoState.undoLimit + 5), from: state)
        #expect(undoAll.items.count == 10)
        #expect(!undoAll.canUndo)
    }

    @Test func stateRoundTripsThroughJSONWithItsHistory() throws {
        let state = reduce([AddTodo(title: "a"), ToggleTodo(id: 1), AddTodo(title: "b")])
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(TodoState.self, from: data) == state)
    }
}
