import TerminalUI
import Testing

@testable import TodoModel
@testable import TodoTerminal

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
                "  1. [ ] Buy milk",
                "› 2. [x] Write talk",
                "  3. [ ] Walk the dog",
                "",
                "",
                "",
                "↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit",
            ])
    }

    @Test func theKeyHelpKeepsQuitInSightAt60ColumnsAndNarrower() {
        let state = TodoAppState(list: list)
        #expect(
            screen(state, columns: 60, rows: 9).last
                == "↑/↓ move  Space done  a add  e edit  d delete  q quit")
        #expect(screen(state, columns: 30, rows: 9).last == "↑/↓ move  Space done  q quit")
        let editing = TodoAppState(list: list, screen: TodoScreenState(editor: .adding(text: "")))
        #expect(screen(editing, columns: 30, rows: 9).last == "Enter save  ←/→ move")
    }

    @Test func stylesSelectedAndDoneRows() {
        let state = TodoAppState(list: list, screen: TodoScreenState(selection: 1))
        let lines = TodoScreenView.lines(state: state, size: TerminalSize(columns: 40, rows: 8))
        #expect(lines[3].spans.allSatisfy { $0.style.reverse })
        #expect(lines[3].spans.contains { $0.style.dim })
        #expect(!lines[2].spans.contains { $0.style.dim || $0.style.reverse })
        #expect(!lines[4].spans.contains { $0.style.dim || $0.style.reverse })
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
        #expect(lines[2] == "  16. [ ] Item 16")
        #expect(lines[6] == "› 20. [ ] Item 20")
    }

    @Test func saysHowManyItemsAreOutOfSightAboveAndBelow() {
        let many = TodoState(items: (1...20).map { TodoItem(id: $0, title: "Item \($0)") })
        let top = screen(TodoAppState(list: many), rows: 10)
        #expect(top[1] == "")
        #expect(top[2] == "›  1. [ ] Item 1")
        #expect(top[7] == "  ↓ 15 more")
        let middle = screen(TodoAppState(list: many, screen: TodoScreenState(selection: 9)), rows: 10)
        #expect(middle[1] == "  ↑ 7 more")
        #expect(middle[2] == "   8. [ ] Item 8")
        #expect(middle[6] == "  12. [ ] Item 12")
        #expect(middle[7] == "  ↓ 8 more")
        let bottom = screen(TodoAppState(list: many, screen: TodoScreenState(selection: 19)), rows: 10)
        #expect(bottom[1] == "  ↑ 15 more")
        #expect(bottom[7] == "")
    }

    @Test func aListThatFitsHasNoScrollIndicators() {
        let lines = screen(TodoAppState(list: list), rows: 8)
        #expect(!lines.contains { $0.contains("more") })
    }

    @Test func showsAMessageAboveTheEditorWhileTyping() {
        let state = TodoAppState(
            list: list,
            screen: TodoScreenState(
                editor: .adding(text: "buy MILK"), message: "'Buy milk' is already on the list."))
        let lines = screen(state, rows: 9)
        #expect(lines.count == 9)
        #expect(lines[6] == "'Buy milk' is already on the list.")
        #expect(lines[7] == "Add: buy MILK")
        #expect(lines[8] == TodoScreenView.editingHelp)
    }

    @Test func wrapsALongMessageAndCutsItOnlyWhenTheScreenIsFull() {
        let message = (1...30).map { "word\($0)" }.joined(separator: " ")
        let state = TodoAppState(list: list, screen: TodoScreenState(message: message))
        let tall = screen(state, columns: 40, rows: 14)
        #expect(tall.count == 14)
        let shown = tall[7...12].joined(separator: " ")
        #expect(shown == message)
        // Six rows: the list keeps one row and the message one, ending with an ellipsis.
        let short = TodoScreenView.lines(state: state, size: TerminalSize(columns: 40, rows: 6))
        #expect(short.count == 6)
        #expect(short[4].plainText.hasSuffix("…"))
        #expect(short.allSatisfy { $0.width <= 40 })
    }

    @Test func wrapBreaksAtSpacesAndBreaksAWordWiderThanTheRow() {
        #expect(
            TodoScreenView.wrap("Couldn't save /a/very/long/path/todo.json: full", width: 12) == [
                "Couldn't", "save", "/a/very/long", "/path/todo.j", "son: full",
            ])
        #expect(TodoScreenView.wrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
    }

    @Test func tooSmallTerminalSaysSo() {
        let lines = screen(TodoAppState(list: list), columns: 20, rows: 5)
        #expect(lines.contains { $0.contains("Terminal too small") })
    }
}
