import Testing

@testable import TodoCore

@Suite struct TodoScreenRendererTests {
    private let list = TodoState(items: [
        TodoItem(id: 1, title: "Buy milk"),
        TodoItem(id: 2, title: "Write talk", isDone: true),
        TodoItem(id: 3, title: "Walk the dog"),
    ])

    private func screen(_ state: TodoAppState, height: Int) -> String {
        TodoScreenRenderer.lines(for: state, height: height).map(\.text).joined(separator: "\n")
    }

    @Test func showsTheListWithTheSelectionAndKeyHelp() {
        let state = TodoAppState(list: list, screen: TodoScreenState(selection: 1))
        #expect(
            screen(state, height: 8) == """
                todo: 2 open, 1 done

                  [ ] Buy milk
                > [ ] Walk the dog
                  [x] Write talk


                ↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit
                """)
        let kinds = TodoScreenRenderer.lines(for: state, height: 8).map(\.kind)
        #expect(kinds[3] == .item(selected: true, done: false))
        #expect(kinds[4] == .item(selected: false, done: true))
    }

    @Test func showsTheEditorInPlaceOfTheMessage() {
        let state = TodoAppState(list: list, screen: TodoScreenState(editor: .adding(text: "Call mu")))
        let lines = TodoScreenRenderer.lines(for: state, height: 6)
        #expect(lines.count == 6)
        #expect(lines[4] == TodoScreenLine(text: "Add: Call mu", kind: .editor))
        #expect(lines[5].text == TodoScreenRenderer.editingHelp)
    }

    @Test func showsAMessage() {
        let state = TodoAppState(list: list, screen: TodoScreenState(message: "Nothing to undo."))
        #expect(
            TodoScreenRenderer.lines(for: state, height: 6)[4]
                == TodoScreenLine(text: "Nothing to undo.", kind: .message))
    }

    @Test func emptyListShowsHowToAdd() {
        let lines = TodoScreenRenderer.lines(for: TodoAppState(), height: 5)
        #expect(lines[2] == TodoScreenLine(text: "  Nothing to do. Press a to add a todo.", kind: .emptyHint))
        #expect(lines[0].text == "todo: 0 open, 0 done")
    }

    @Test func scrollsToKeepTheSelectionVisible() {
        let many = TodoState(items: (1...20).map { TodoItem(id: $0, title: "Item \($0)") })
        let state = TodoAppState(list: many, screen: TodoScreenState(selection: 19))
        let lines = TodoScreenRenderer.lines(for: state, height: 9)
        #expect(lines.count == 9)
        #expect(lines[2].text == "  [ ] Item 16")
        #expect(lines[6].text == "> [ ] Item 20")
        #expect(TodoScreenRenderer.firstVisibleRow(selection: 10, rows: 5, count: 20) == 8)
        #expect(TodoScreenRenderer.firstVisibleRow(selection: 1, rows: 5, count: 20) == 0)
    }
}
