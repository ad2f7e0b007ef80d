import Testing

@testable import TodoModel
@testable import TodoTerminal

@Suite struct TodoListRendererTests {
    @Test func rendersItemsInTheOrderAddedDoneInPlaceWithAlignedNumbers() {
        var items = (1...10).map { TodoItem(id: $0, title: "Item \($0)") }
        items[0].isDone = true
        let lines = TodoListRenderer.lines(for: TodoState(items: items))
        #expect(lines.first == " 1. [x] Item 1")
        #expect(lines[8] == " 9. [ ] Item 9")
        #expect(lines.last == "10. [ ] Item 10")
    }

    @Test func emptyListShowsAHint() {
        #expect(
            TodoListRenderer.lines(for: TodoState()) == [
                "The list is empty. Add a todo with: todo add \"Buy milk\""
            ])
    }
}
