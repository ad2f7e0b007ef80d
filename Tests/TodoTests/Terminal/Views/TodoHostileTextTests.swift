import TerminalUI
import TestSupport
import Testing

@testable import TodoModel
@testable import TodoTerminal

/// Titles hold whatever the user typed or pasted: escape sequences in them are shown, never obeyed.
@Suite struct TodoHostileTextTests {
    /// Retitles the terminal, clears it and switches to the alternate screen.
    static let hostile = "evil \u{1B}]0;PWNED\u{7} \u{1B}[2J\u{1B}[?1049h\u{9B}31m"
    static let shown = "evil ␛]0;PWNED␇ ␛[2J␛[?1049h<U+009B>31m"

    /// Whether `text` holds a control character other than the line feeds the program lays out.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
    }

    @Test func listLinesShowControlCharactersAsPlaceholders() {
        let state = TodoState(items: [TodoItem(id: 1, title: Self.hostile)])
        let lines = TodoListRenderer.lines(for: state)
        #expect(lines == ["1. [ ] \(Self.shown)"])
        #expect(!lines.contains(where: Self.hasRawControls))
    }

    @Test func interactiveScreenSendsOnlyTheRenderersOwnSequences() {
        let size = TerminalSize(columns: 70, rows: 8)
        let list = TodoState(items: [TodoItem(id: 1, title: Self.hostile), TodoItem(id: 2, title: "plain")])
        let states = [
            TodoAppState(
                list: list, screen: TodoScreenState(selection: 0, message: "'\(Self.hostile)' is there")),
            TodoAppState(list: list, screen: TodoScreenState(editor: .editing(id: 1, text: Self.hostile))),
        ]
        for state in states {
            var output = ""
            let renderer = Renderer(colorSupport: .colors) { output += $0 }
            renderer.render(TodoScreenView.lines(state: state, size: size), size: size)
            #expect(!output.contains("\u{7}"))
            #expect(!output.contains("\u{1B}]"))
            #expect(!output.contains("\u{1B}[?"))
            #expect(output.components(separatedBy: "\u{1B}[2J").count == 2)  // the renderer's first clear
            #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
            var screen = VirtualScreen(columns: size.columns, rows: size.rows)
            screen.feed(output)
            #expect(!screen.isAlternateScreenActive)
            #expect(screen.lines.contains { $0.contains("evil ␛]0;PWNED␇") })
        }
    }
}
