import Foundation
import Testing

@testable import TodoModel
@testable import TodoTerminal

@Suite struct TodoUndoTests {
    private func reduce(_ actions: [TodoAction], from state: TodoState = TodoState()) -> TodoState {
        actions.reduce(state) { todoReducer(action: $1, state: $0) }
    }

    /// A list with open and done items in mixed positions.
    private var mixed: TodoState {
        reduce([
            AddTodo(title: "a"), AddTodo(title: "b"), AddTodo(title: "c"), AddTodo(title: "d"),
            AddTodo(title: "e"), ToggleTodo(id: 2), ToggleTodo(id: 4), ToggleTodo(id: 5),
        ])
    }

    @Test func undoRestoresTheListBeforeTheLastChange() {
        let state = reduce([AddTodo(title: "a"), AddTodo(title: "b"), RemoveTodo(id: 1)])
        #expect(state.items.map(\.title) == ["b"])
        let undone = reduce([UndoTodoChange()], from: state)
        #expect(undone.items.map(\.title) == ["a", "b"])
        let twice = reduce([UndoTodoChange()], from: undone)
        #expect(twice.items.map(\.title) == ["a"])
    }

    /// The changes whose undo is checked, by name (actions aren't `Sendable` test arguments).
    private static var changes: [String: TodoAction] {
        [
            "add": AddTodo(title: "f"), "edit": UpdateTodo(id: 3, title: "see"),
            "remove first": RemoveTodo(id: 1),
            "remove middle": RemoveTodo(id: 3), "remove last": RemoveTodo(id: 5), "done": ToggleTodo(id: 1),
            "undone": ToggleTodo(id: 4), "clear done": ClearDoneTodos(),
        ]
    }

    @Test(arguments: [
        "add", "edit", "remove first", "remove middle", "remove last", "done", "undone", "clear done",
    ])
    func eachChangesUndoRestoresTheExactPreviousItems(name: String) throws {
        let action = try #require(Self.changes[name])
        let before = mixed
        let after = reduce([action], from: before)
        #expect(after.items != before.items, "\(name) changed nothing")
        #expect(after.undoHistory.count == before.undoHistory.count + 1)
        let undone = reduce([UndoTodoChange()], from: after)
        #expect(undone.items == before.items, "undoing \(name)")
        #expect(undone.undoHistory == before.undoHistory)
    }

    @Test func aLongRandomRunUndoesStepByStepToEveryEarlierListAcrossRuns() throws {
        // Every state goes through JSON between actions, as each `todo` run reads and writes the file.
        var generator = SplitMix64(seed: 20_261_201)
        var state = TodoState()
        var earlier: [[TodoItem]] = []
        for step in 0..<TodoState.undoLimit {
            let ids = state.items.map(\.id)
            let pick = { (count: Int) in Int(generator.next() % UInt64(count)) }
            let action: TodoAction
            switch ids.isEmpty ? 0 : pick(6) {
            case 0, 1: action = AddTodo(title: "item \(step)")
            case 2: action = UpdateTodo(id: ids[pick(ids.count)], title: "renamed \(step)")
            case 3: action = RemoveTodo(id: ids[pick(ids.count)])
            case 4: action = ToggleTodo(id: ids[pick(ids.count)])
            default:
                action = state.items.contains(where: \.isDone) ? ClearDoneTodos() : ToggleTodo(id: ids[0])
            }
            let next = try roundTrip(reduce([action], from: state))
            if next.items != state.items { earlier.append(state.items) }
            state = next
        }
        #expect(earlier.count > 40)
        while let previous = earlier.popLast() {
            state = try roundTrip(reduce([UndoTodoChange()], from: state))
            #expect(state.items == previous)
        }
        #expect(!state.canUndo)
    }

    @Test func undoDoesNotReuseIDs() {
        let state = reduce([AddTodo(title: "a"), UndoTodoChange(), AddTodo(title: "b")])
        #expect(state.items == [TodoItem(id: 2, title: "b")])
    }

    @Test func changesThatChangeNothingAreNotRecorded() {
        let state = reduce([
            AddTodo(title: "a"), AddTodo(title: "a"), RemoveTodo(id: 5), ClearDoneTodos(),
            UpdateTodo(id: 1, title: "a"),
        ])
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

    @Test func theHistoryHoldsEachChangeNotACopyOfTheList() throws {
        let long = reduce((1...2_000).map { AddTodo(title: "item \($0)") })
        let state = reduce(
            [ToggleTodo(id: 7), UpdateTodo(id: 8, title: "eight"), RemoveTodo(id: 9)], from: long)
        #expect(
            state.undoHistory.suffix(3) == [
                TodoUndoStep(restored: [TodoItem(id: 7, title: "item 7")]),
                TodoUndoStep(restored: [TodoItem(id: 8, title: "item 8")]),
                TodoUndoStep(reinserted: [.init(index: 8, item: TodoItem(id: 9, title: "item 9"))]),
            ])
        let history = try JSONEncoder().encode(state.undoHistory)
        #expect(history.count < 3_000, "the history of 50 changes takes \(history.count) bytes")
    }

    @Test func anAddsStepEncodesAsJustTheID() throws {
        let json = try JSONEncoder().encode(TodoUndoStep(removedIDs: [7]))
        #expect(String(decoding: json, as: UTF8.self) == #"{"removedIDs":[7]}"#)
        #expect(try JSONDecoder().decode(TodoUndoStep.self, from: Data("{}".utf8)) == TodoUndoStep())
    }

    @Test func undoAppliesToTheListAsItIsNow() {
        // "a" was removed; then "x" came in without a history entry (a list edited elsewhere):
        // undo brings "a" back to its place and keeps "x", where a copy of the old list would drop it.
        var state = reduce([RemoveTodo(id: 1)], from: mixed)
        state = todoReducer(
            action: AddTodo(title: "x"), state: TodoState(items: state.items, nextID: state.nextID)
        )
        .with(history: state.undoHistory)
        state = reduce([UndoTodoChange()], from: state)
        #expect(state.items.map(\.title) == ["a", "b", "c", "d", "e", "x"])
    }

    @Test func undoNeverDuplicatesAnIDOrATitle() {
        let a = TodoItem(id: 1, title: "a")
        let step = TodoUndoStep(reinserted: [
            .init(index: 0, item: a), .init(index: 1, item: TodoItem(id: 9, title: "b")),
        ])
        var items = [TodoItem(id: 1, title: "other"), TodoItem(id: 2, title: "b")]
        step.apply(to: &items)
        #expect(items == [TodoItem(id: 1, title: "other"), TodoItem(id: 2, title: "b")])

        var renamed = [TodoItem(id: 1, title: "x"), TodoItem(id: 2, title: "a")]
        TodoUndoStep(restored: [a]).apply(to: &renamed)
        #expect(renamed == [TodoItem(id: 1, title: "x"), TodoItem(id: 2, title: "a")])
    }

    @Test func aStepBetweenAnyTwoListsInTheSameOrderRestoresTheEarlierOne() throws {
        let before = [
            TodoItem(id: 1, title: "a"), TodoItem(id: 2, title: "b", isDone: true),
            TodoItem(id: 3, title: "c"),
            TodoItem(id: 4, title: "d"),
        ]
        let after = [TodoItem(id: 2, title: "B"), TodoItem(id: 4, title: "d"), TodoItem(id: 7, title: "new")]
        let step = try #require(TodoUndoStep.undoing(from: after, to: before))
        var items = after
        step.apply(to: &items)
        #expect(items == before)
    }

    @Test func noStepWhenTheOrderChangedOrIDsRepeat() {
        let a = TodoItem(id: 1, title: "a")
        let b = TodoItem(id: 2, title: "b")
        #expect(TodoUndoStep.undoing(from: [b, a], to: [a, b]) == nil)
        #expect(TodoUndoStep.undoing(from: [a, TodoItem(id: 1, title: "c")], to: [a]) == nil)
        #expect(TodoUndoStep.undoing(from: [a], to: [a, TodoItem(id: 1, title: "c")]) == nil)
    }

    private func roundTrip(_ state: TodoState) throws -> TodoState {
        try JSONDecoder().decode(TodoState.self, from: JSONEncoder().encode(state))
    }
}

extension TodoState {
    fileprivate func with(history: [TodoUndoStep]) -> TodoState {
        var copy = self
        copy.undoHistory = history
        return copy
    }
}

/// A small deterministic generator, so a failing run can be replayed.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
