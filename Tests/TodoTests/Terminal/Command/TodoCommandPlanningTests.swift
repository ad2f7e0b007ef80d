import Testing

@testable import TodoModel
@testable import TodoTerminal

@Suite struct TodoCommandPlanningTests {
    /// Open "Buy milk", done "Write talk", open "Walk the dog", numbered 1, 2, 3 in the order
    /// they were added, done or not.
    private let state = TodoState(items: [
        TodoItem(id: 1, title: "Buy milk"),
        TodoItem(id: 2, title: "Write talk", isDone: true),
        TodoItem(id: 3, title: "Walk the dog"),
    ])

    private func run(_ command: TodoRequest) throws -> (TodoState, String) {
        let plan = try command.plan(in: state)
        let after = todoReducer(action: plan.action, state: state)
        return (after, plan.report(after))
    }

    private func error(_ command: TodoRequest) -> TodoCommandError? {
        do {
            _ = try command.plan(in: state)
            return nil
        } catch {
            return error
        }
    }

    @Test func numbersFollowTheOrderTheItemsWereAdded() throws {
        let (after, message) = try run(.done(number: 3))
        #expect(after.items.first { $0.id == 3 }?.isDone == true)
        #expect(message == "Done: Walk the dog")
        let (removed, _) = try run(.remove(number: 2))
        #expect(removed.items.map(\.id) == [1, 3])
    }

    @Test func addReportsTheNewNumber() throws {
        let (after, message) = try run(.add(title: "Call mum"))
        #expect(after.items.map(\.title) == ["Buy milk", "Write talk", "Walk the dog", "Call mum"])
        #expect(message == "Added 4: Call mum")
    }

    @Test func addOfADuplicateFailsAndNamesTheItem() {
        let failure = error(.add(title: "Write talk"))
        #expect(failure?.exitStatus == 1)
        #expect(
            failure?.message
                == "'Write talk' is already on the list as number 2, done; reopen it with: todo undone 2")
    }

    @Test func anOutOfRangeNumberIsAUsageError() {
        let failure = error(.remove(number: 4))
        #expect(failure?.exitStatus == 2)
        #expect(
            failure?.message
                == "there is no todo number 4: the list has 3 todos (run 'todo list' to see the numbers)")
    }

    @Test func doneOnADoneItemFailsAndSaysHowToReopenIt() {
        let failure = error(.done(number: 2))
        #expect(failure?.exitStatus == 1)
        #expect(
            failure?.message
                == "'Write talk' (number 2) is already done; nothing was changed "
                + "(reopen it with: todo undone 2)")
    }

    @Test func undoneOnAnOpenItemFails() {
        let failure = error(.undone(number: 1))
        #expect(failure?.exitStatus == 1)
        #expect(
            failure?.message
                == "'Buy milk' (number 1) isn't done; nothing was changed (mark it done with: todo done 1)")
    }

    @Test func undoneReopensTheItemUnderItsNumber() throws {
        let (after, message) = try run(.undone(number: 2))
        #expect(after.items.allSatisfy { !$0.isDone })
        #expect(after.item(number: 2)?.title == "Write talk")
        #expect(message == "Reopened: Write talk")
    }

    @Test func editRenames() throws {
        let (after, message) = try run(.edit(number: 1, title: "Buy oat milk"))
        #expect(after.items[0].title == "Buy oat milk")
        #expect(message == "Renamed 1: Buy oat milk (was: Buy milk)")
        #expect(error(.edit(number: 1, title: "Walk the dog"))?.exitStatus == 1)
    }

    @Test func clearDoneCountsWhatItRemoves() throws {
        let (after, message) = try run(.clearDone)
        #expect(after.items.map(\.id) == [1, 3])
        #expect(message == "Cleared 1 done todo.")
        var nothingToClear: TodoCommandError?
        do { _ = try TodoRequest.clearDone.plan(in: after) } catch { nothingToClear = error }
        #expect(nothingToClear?.message == "no done todos to clear; nothing was changed")
    }

    @Test func undoWithoutHistoryFails() {
        #expect(error(.undo)?.message == "nothing to undo: the list has no earlier change to go back to")
    }
}
