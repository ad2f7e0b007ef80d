import TerminalUI
import Testing

@testable import TodoCore

@Suite struct TodoScreenViewTests {
    private let list = TodoState(items: [
        TodoItem(id: 1, title: "Buy milk"),
        TodoItem(id: 2, title: "Write talk", isDone: true),
        TodoItem(id: 3, title: "Walk the dog"),
    ])

    private func screen(_ state: TodoAppState, columns: Int = 40, rows: Int) -> [String] {
        TodoScreenView.lines(state: state, size: TerminalSize(columns: columns, rows: rows)).map {
            String($0.plainText.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    @Test func showsTheListWithTheSelectionAndKeyHelp() {
        let state = TodoAppState(list: list, screen: TodoScreenState(selection: 1))
        #expect(
            screen(state, columns: 64, rows: 9) == [
                " todo                                            2 open, 1 done",
                "",
                "  [ ] Buy milk",
                "› [ ] Walk the dog",
                "  [x] Write talk",
                "",
                "",
                "",
                "↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit",
            ])
    }

    @Test func stylesSelectedAndDoneRows() {
        let state = TodoAppState(list: list, screen: TodoScreenState(selection: 1))
        let lines = TodoScreenView.lines(state: state, size: TerminalSize(columns: 40, rows: 8))
        #expect(lines[3].spans.allSatisfy { $0.style.reverse })
        #expect(lines[4].spans.contains { $0.style.dim })
        #expect(!lines[2].spans.contains { $0.style.dim || $0.style.reverse })
    }

    @Test func showsTheEditorInPlaceOfTheMessage() {
        let state = TodoAppState(list: list, screen: TodoScreenState(editor: .adding(text: "Call mu")))
        let lines = screen(state, rows: 8)
        #expect(lines.count == 8)
        #expect(lines[6] == "Add: Call mu")
        #expect(lines[7] == TodoScreenView.editingHelp)
    }

    @Test func showsAMessage() {
        let state = TodoAppState(list: list, screen: TodoScreenState(message: "Nothing to undo."))
        #expect(screen(state, rows: 8)[6] == "Nothing to undo.")
    }

    @Test func emptyListShowsHowToAdd() {
        let lines = screen(TodoAppState(), rows: 8)
        #expect(lines[2] == TodoScreenView.emptyText)
        #expect(lines[0].hasSuffix("0 open, 0 done"))
    }

    @Test func scrollsToKeepTheSelectionVisible() {
        let many = TodoState(items: (1...20).map { TodoItem(id: $0, title: "Item \($0)") })
        let lines = screen(TodoAppState(list: many, screen: TodoScreenState(selection: 19)), rows: 10)
        #expect(lines.count == 10)
        #expect(lines[2] == "  [ ] Item 16")
        #expect(lines[6] == "› [ ] Item 20")
    }

    @Test func tooSmallTerminalSaysSo() {
        let lines = screen(TodoAppState(list: list), columns: 20, rows: 5)
        #expect(lines.contains { $0.contains("Terminal too small") })
    }
}
