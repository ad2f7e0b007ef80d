import Testing

@testable import TodoCore

@Suite struct TodoCommandPlanningTests {
    /// Open "Buy milk" (1), done "Write talk" (3), open "Walk the dog" (2): the list numbers them
    /// 1 Buy milk, 2 Walk the dog, 3 Write talk.
    private let state = TodoState(items: [
        TodoItem(id: 1, title: "Buy milk"),
        TodoItem(id: 2, title: "Write talk", isDone: true),
        TodoItem(id: 3, title: "Walk the dog"),
    ])

    private func run(_ command: TodoCommand) throws -> (TodoState, String) {
        let plan = try command.plan(in: state)
        let after = plan.action.map { todoReducer(action: $0, state: state) } ?? state
        return (after, plan.report(after))
    }

    private func error(_ command: TodoCommand) -> TodoCommandError? {
        do {
            _ = try command.plan(in: state)
            return nil
        } catch {
            return error
        }
    }

    @Test func numbersFollowTheListOrderOpenFirst() throws {
        let (after, message) = try run(.done(number: 2))
        #expect(after.items.first { $0.id == 3 }?.isDone == true)
        #expect(message == "Done: Walk the dog")
        let (removed, _) = try run(.remove(number: 3))
        #expect(removed.items.map(\.id) == [1, 3])
    }

    @Test func addReportsTheNewNumber() throws {
        let (after, message) = try run(.add(title: "Call mum"))
        #expect(after.displayOrder.map(\.title) == ["Buy milk", "Walk the dog", "Call mum", "Write talk"])
        #expect(message == "Added 3: Call mum")
    }

    @Test func addOfADuplicateFailsAndNamesTheItem() {
        let failure = error(.add(title: "Write talk"))
        #expect(failure?.exitStatus == 1)
        #expect(
            failure?.message
                == "'Write talk' is already on the list as number 3, done; reopen it with: todo undone 3")
    }

    @Test func anOutOfRangeNumberIsAUsageError() {
        let failure = error(.remove(number: 4))
        #expect(failure?.exitStatus == 2)
        #expect(
            failure?.message
                == "there is no todo number 4: the list has 3 todos (run 'todo list' to see the numbers)")
    }

    @Test func doneOnADoneItemDispatchesNothing() throws {
        let plan = try TodoCommand.done(number: 3).plan(in: state)
        #expect(plan.action == nil)
        #expect(plan.report(state) == "Already done: Write talk")
    }

    @Test func undoneReopensAndReportsTheNewNumber() throws {
        let (after, message) = try run(.undone(number: 3))
        #expect(after.items.allSatisfy { !$0.isDone })
        #expect(message == "Reopened as 2: Write talk")
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
        #expect(try TodoCommand.clearDone.plan(in: after).action == nil)
    }

    @Test func undoWithoutHistoryFails() {
        #expect(error(.undo)?.message == "nothing to undo: the list has no earlier change to go back to")
    }
}
