import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Lists read from a file are checked: ids unique and positive, `nextID` above them all.
@Suite struct TodoIDRepairTests {
    @Test func aListTheReducerBuiltNeedsNoRepair() {
        let actions: [TodoAction] = [
            AddTodo(title: "a"), AddTodo(title: "b"), ToggleTodo(id: 1), RemoveTodo(id: 2),
        ]
        let built =
            actions
            .reduce(TodoState()) { todoReducer(action: $1, state: $0) }
        let (state, repairs) = built.repairingIDs()
        #expect(repairs.isEmpty)
        #expect(state == built)
    }

    @Test func duplicateIDsGetNewOnesAndNothingIsLost() {
        // The hostile file of the issue: three items of id 1, nextID 1.
        let damaged = TodoState(
            items: [TodoItem(id: 1, title: "a"), TodoItem(id: 1, title: "b"), TodoItem(id: 1, title: "c")],
            nextID: 1, undoHistory: [TodoUndoStep(removedIDs: [1])])
        let (state, repairs) = damaged.repairingIDs()
        #expect(
            state.items == [
                TodoItem(id: 1, title: "a"), TodoItem(id: 2, title: "b"), TodoItem(id: 3, title: "c"),
            ])
        #expect(state.nextID == 4)
        #expect(state.undoHistory.isEmpty)
        #expect(
            repairs == [
                "2 items had an id another item had, and got a new one",
                "the next id to hand out was 1, which is taken or out of range; it is now 4",
                "the undo history was cleared, as it named items by ids that were damaged",
            ])

        let removed = todoReducer(action: RemoveTodo(id: 1), state: state)
        #expect(removed.items.map(\.title) == ["b", "c"])
        let added = todoReducer(action: AddTodo(title: "d"), state: state)
        #expect(Set(added.items.map(\.id)).count == 4)
    }

    @Test(arguments: [0, -1, Int.min, TodoState.maximumID + 1, Int.max])
    func anIDOutsideTheRangeGetsANewOne(id: Int) {
        let damaged = TodoState(
            items: [TodoItem(id: 5, title: "a"), TodoItem(id: id, title: "b")], nextID: 6)
        let (state, repairs) = damaged.repairingIDs()
        #expect(state.items == [TodoItem(id: 5, title: "a"), TodoItem(id: 6, title: "b")])
        #expect(state.nextID == 7)
        #expect(repairs == ["1 item had an id outside 1…\(TodoState.maximumID), and got a new one"])
    }

    @Test func aNextIDTooLowIsRaisedAndTheHistoryKept() {
        let history = [TodoUndoStep(restored: [TodoItem(id: 2, title: "b")])]
        let damaged = TodoState(
            items: [TodoItem(id: 1, title: "a"), TodoItem(id: 2, title: "B")], nextID: 2, undoHistory: history
        )
        let (state, repairs) = damaged.repairingIDs()
        #expect(state.items == damaged.items)
        #expect(state.nextID == 3)
        #expect(state.undoHistory == history)
        #expect(repairs == ["the next id to hand out was 2, which is taken or out of range; it is now 3"])
    }

    @Test func theNextIDIsRaisedAboveIDsTheHistoryCanBringBack() {
        let history = [TodoUndoStep(reinserted: [.init(index: 0, item: TodoItem(id: 9, title: "gone"))])]
        let damaged = TodoState(items: [TodoItem(id: 1, title: "a")], nextID: 2, undoHistory: history)
        let (state, _) = damaged.repairingIDs()
        #expect(state.nextID == 10)
        #expect(state.undoHistory == history)
    }

    @Test(arguments: [Int.max, Int.min, 0])
    func anImpossibleNextIDIsResetAndAddingStillWorks(nextID: Int) {
        let damaged = TodoState(items: [TodoItem(id: 3, title: "a")], nextID: nextID)
        let (state, repairs) = damaged.repairingIDs()
        #expect(state.nextID == 4)
        #expect(repairs.count == 1)
        let added = todoReducer(action: AddTodo(title: "b"), state: state)
        #expect(added.items.last == TodoItem(id: 4, title: "b"))
    }

    @Test func aHistoryNamingAnIDOutsideTheRangeIsCleared() {
        let damaged = TodoState(
            items: [TodoItem(id: 1, title: "a")], nextID: 2, undoHistory: [TodoUndoStep(removedIDs: [-4])])
        let (state, repairs) = damaged.repairingIDs()
        #expect(state.undoHistory.isEmpty)
        #expect(repairs == ["the undo history was cleared, as it named items by ids that were damaged"])
    }

    @Test func removeTakesOutOneItemEvenWhenIDsRepeat() {
        let damaged = TodoState(
            items: [TodoItem(id: 1, title: "a"), TodoItem(id: 1, title: "b"), TodoItem(id: 1, title: "c")],
            nextID: 1)
        let after = todoReducer(action: RemoveTodo(id: 1), state: damaged)
        #expect(after.items.map(\.title) == ["b", "c"])
    }

    @Test func whenTheIDsAboveAreUsedUpTheLowestFreeOnesAreUsed() {
        let top = TodoState.maximumID
        let damaged = TodoState(
            items: [
                TodoItem(id: top, title: "a"), TodoItem(id: top, title: "b"), TodoItem(id: 1, title: "c"),
            ],
            nextID: top + 1)
        let (state, _) = damaged.repairingIDs()
        #expect(state.items.map(\.id) == [top, 2, 1])
    }
}
