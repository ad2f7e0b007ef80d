// Run after the program of TerminalUI's "Building a terminal app" (GuideProgramTests, under a
// pseudo-terminal, once the counter quit): the view is a function of the state and the size.
import TerminalUI
import Testing

@MainActor @Test func theViewIsAFunctionOfStateAndSize() {
    let lines = CounterView.lines(Counter(count: 3), size: TerminalSize(columns: 24, rows: 4))
    #expect(lines.plainText == "Counter\nCount: 3\n\n↑/↓ change · q quit")
    let small = CounterView.lines(Counter(), size: TerminalSize(columns: 20, rows: 3))
    #expect(small.plainText.contains("needs 24×4, is 20×3"))
}
