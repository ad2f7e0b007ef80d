import ReSwift
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Titles that differ only in case or in character width are one title: the reducer refuses the
/// second one for add and edit, and the command line says which item is already there.
@Suite struct TodoDuplicateTitleTests {
    private let mom = TodoItem(id: 1, title: "Call mom")
    private let tea = TodoItem(id: 2, title: "Buy tea")

    @Test(arguments: ["call mom", "CALL MOM", "Ｃａｌｌ ｍｏｍ", "ｃａｌｌ　ｍｏｍ", "  call\tMom "])
    func addRefusesATitleThatDiffersOnlyInCaseOrWidth(title: String) {
        let before = TodoState(items: [mom])
        let after = todoReducer(action: AddTodo(title: title), state: before)
        #expect(after == before)
    }

    @Test func anASCIITitleMatchesAFullWidthOneOnTheList() {
        let before = TodoState(items: [TodoItem(id: 1, title: "Ｃａｌｌ ｍｏｍ")])
        #expect(todoReducer(action: AddTodo(title: "CALL MOM"), state: before) == before)
        #expect(before.item(titled: "call Mom")?.id == 1)
    }

    @Test func halfAndFullWidthKatakanaAreOneTitle() {
        let before = TodoState(items: [TodoItem(id: 1, title: "カタカナ")])
        #expect(todoReducer(action: AddTodo(title: "ｶﾀｶﾅ"), state: before) == before)
    }

    @Test func differentLettersAreStillDifferentTitles() {
        let after = todoReducer(action: AddTodo(title: "Call mum"), state: TodoState(items: [mom]))
        #expect(after.items.map(\.title) == ["Call mom", "Call mum"])
    }

    @Test func editRefusesAnotherItemsTitleInAnotherCase() {
        let before = TodoState(items: [mom, tea])
        #expect(todoReducer(action: UpdateTodo(id: 2, title: "CALL MOM"), state: before) == before)
        #expect(todoReducer(action: UpdateTodo(id: 2, title: "ｃａｌｌ ｍｏｍ"), state: before) == before)
    }

    @Test func editMayChangeTheCaseOfItsOwnTitle() {
        let after = todoReducer(
            action: UpdateTodo(id: 1, title: "CALL MOM"), state: TodoState(items: [mom, tea]))
        #expect(after.items.map(\.title) == ["CALL MOM", "Buy tea"])
    }

    @Test func anExactTitleIsFoundBeforeOneInAnotherCase() {
        // A list saved before the rule may hold both.
        let state = TodoState(items: [TodoItem(id: 1, title: "call mom"), TodoItem(id: 2, title: "Call mom")])
        #expect(state.item(titled: "Call mom")?.id == 2)
        #expect(state.item(titled: "CALL MOM")?.id == 1)
    }

    @Test func theCommandLineNamesTheItemAlreadyThere() {
        let state = TodoState(items: [mom, tea])
        #expect(throws: TodoCommandError.failure("'Call mom' is already on the list as number 1")) {
            try TodoRequest.add(title: "call MOM").plan(in: state)
        }
        #expect(throws: TodoCommandError.failure("'Call mom' is already on the list as number 1")) {
            try TodoRequest.edit(number: 2, title: "ｃａｌｌ ｍｏｍ").plan(in: state)
        }
    }

    @Test func theCommandLineRenamesAnItemToItsOwnTitleInAnotherCase() throws {
        let state = TodoState(items: [mom])
        let plan = try TodoRequest.edit(number: 1, title: "call Mom").plan(in: state)
        #expect(plan.action as? UpdateTodo == UpdateTodo(id: 1, title: "call Mom"))
    }
}
