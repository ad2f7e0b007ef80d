import Testing

@testable import TodoCore

@Suite struct TodoListRendererTests {
    @Test func rendersOpenItemsFirstWithAlignedNumbers() {
        var items = (1...10).map { TodoItem(id: $0, title: "Item \($0)") }
        items[0].isDone = true
        let lines = TodoListRenderer.lines(for: TodoState(items: items))
        #expect(lines.first == " 1. [ ] Item 2")
        #expect(lines[8] == " 9. [ ] Item 10")
        #expect(lines.last == "10. [x] Item 1")
    }

    @Test func emptyListShowsAHint() {
        #expect(
            TodoListRenderer.lines(for: TodoState()) == [
                "The list is empty. Add a todo with: todo add \"Buy milk\""
            ])
    }
}
