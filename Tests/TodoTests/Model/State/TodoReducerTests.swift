import ReSwift
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// The talk's second pattern: reducers are plain functions, tested by calling them.
@Suite struct TodoReducerTests {
    private let milk = TodoItem(id: 1, title: "Buy milk")
    private let dog = TodoItem(id: 2, title: "Walk the dog")

    @Test func startsEmpty() {
        let state = todoReducer(action: ReSwiftInit(), state: nil)
        #expect(state == TodoState())
        #expect(state.items.isEmpty)
        #expect(state.nextID == 1)
    }

    @Test func addAppendsANewItem() {
        let state = todoReducer(action: AddTodo(title: "Buy milk"), state: nil)
        #expect(state.items == [TodoItem(id: 1, title: "Buy milk")])
        #expect(state.nextID == 2)
    }

    @Test func addDoesNotAddADuplicate() {
        let before = TodoState(items: [milk])
        let after = todoReducer(action: AddTodo(title: "Buy milk"), state: before)
        #expect(after == before)
        #expect(after.items.count == 1)
        #expect(after.undoHistory.isEmpty)
    }

    @Test func addTreatsTitlesThatOnlyDifferInSpacingAsDuplicates() {
        let before = TodoState(items: [milk])
        let after = todoReducer(action: AddTodo(title: "  Buy \n milk "), state: before)
        #expect(after == before)
    }

    @Test func addIgnoresAnEmptyTitle() {
        let after = todoReducer(action: AddTodo(title: " \t "), state: TodoState(items: [milk]))
        #expect(after.items == [milk])
    }

    @Test func addStoresTheTitleOnOneLine() {
        let after = todoReducer(action: AddTodo(title: "Call\nmum  today "), state: nil)
        #expect(after.items.map(\.title) == ["Call mum today"])
    }

    @Test func updateChangesTheTitle() {
        let after = todoReducer(
            action: UpdateTodo(id: 2, title: "Feed the dog"), state: TodoState(items: [milk, dog]))
        #expect(after.items == [milk, TodoItem(id: 2, title: "Feed the dog")])
    }

    @Test func updateKeepsDoneAndPosition() {
        var done = milk
        done.isDone = true
        let after = todoReducer(
            action: UpdateTodo(id: 1, title: "Buy oat milk"), state: TodoState(items: [done, dog]))
        #expect(after.items == [TodoItem(id: 1, title: "Buy oat milk", isDone: true), dog])
    }

    @Test func updateRejectsTheTitleOfAnotherItem() {
        let before = TodoState(items: [milk, dog])
        #expect(todoReducer(action: UpdateTodo(id: 2, title: "Buy milk"), state: before) == before)
    }

    @Test func updateOfAMissingItemChangesNothing() {
        let before = TodoState(items: [milk])
        #expect(todoReducer(action: UpdateTodo(id: 9, title: "Something"), state: before) == before)
    }

    @Test func removeDeletesOnlyThatItem() {
        let after = todoReducer(action: RemoveTodo(id: 1), state: TodoState(items: [milk, dog]))
        #expect(after.items == [dog])
        #expect(after.nextID == 3)
    }

    @Test func removeOfAMissingItemChangesNothing() {
        let before = TodoState(items: [milk])
        #expect(todoReducer(action: RemoveTodo(id: 7), state: before) == before)
    }

    @Test func toggleFlipsDone() {
        let once = todoReducer(action: ToggleTodo(id: 2), state: TodoState(items: [milk, dog]))
        #expect(once.items.map(\.isDone) == [false, true])
        let twice = todoReducer(action: ToggleTodo(id: 2), state: once)
        #expect(twice.items.map(\.isDone) == [false, false])
    }

    @Test func clearDoneRemovesDoneItemsOnly() {
        var done = dog
        done.isDone = true
        let after = todoReducer(action: ClearDoneTodos(), state: TodoState(items: [milk, done]))
        #expect(after.items == [milk])
    }

    @Test func otherActionsLeaveTheStateAlone() {
        struct Unrelated: Action {}
        let before = TodoState(items: [milk])
        #expect(todoReducer(action: Unrelated(), state: before) == before)
    }
}
