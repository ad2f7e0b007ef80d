import Testing

@testable import TerminalUI

/// The text field's line editing (moves, kills, words), by grapheme and by column, and where it
/// draws the cursor.
@Suite struct TextFieldTests {
    private func field(_ text: String, cursor: Int? = nil, keys: Key...) -> TextField {
        var field = cursor.map { TextField(text: text, cursor: $0) } ?? TextField(text: text)
        for key in keys { field.handle(key) }
        return field
    }

    /// The reversed (cursor) cells of a drawn line, as text.
    private func cursorText(_ line: Line) -> String {
        line.spans.filter(\.style.reverse).map(\.text).joined()
    }

    @Test func startsAtAGivenCursorKeptWithinTheText() {
        #expect(TextField(text: "milk", cursor: 1).cursor == 1)
        #expect(TextField(text: "milk", cursor: 9).cursor == 4)
        #expect(TextField(text: "milk", cursor: -3).cursor == 0)
    }

    @Test func moveCursorKeepsTheCursorWithinTheText() {
        var line = field("milk")
        line.moveCursor(to: 2)
        line.handle(.character("-"))
        #expect(line.text == "mi-lk")
        line.moveCursor(to: 99)
        #expect(line.cursor == 5)
        line.moveCursor(to: -1)
        #expect(line.cursor == 0)
    }

    @Test func movesAndEditsInTheMiddle() {
        var line = field("Buy milk", keys: .home, .right, .right, .right, .character("!"))
        #expect(line.text == "Buy! milk")
        #expect(line.cursor == 4)
        line.handle(.delete)
        #expect(line.text == "Buy!milk")
        line.handle(.end)
        line.handle(.left)
        line.handle(.backspace)
        #expect(line.text == "Buy!mik")
        #expect(line.cursor == 6)
        line.handle(.ctrl("a"))
        #expect(line.cursor == 0)
        line.handle(.ctrl("e"))
        #expect(line.cursor == 7)
    }

    @Test func deleteAtTheEndAndBackspaceAtTheStartChangeNothing() {
        #expect(field("ab", keys: .delete).text == "ab")
        #expect(field("ab", cursor: 0, keys: .backspace).text == "ab")
    }

    @Test func ctrlKKillsToTheEndAndCtrlUToTheStart() {
        let killed = field("Buy milk", cursor: 3, keys: .ctrl("k"))
        #expect(killed.text == "Buy")
        #expect(killed.cursor == 3)
        let unkilled = field("Buy milk", cursor: 4, keys: .ctrl("u"))
        #expect(unkilled.text == "milk")
        #expect(unkilled.cursor == 0)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        #expect(field("walk the dog", keys: .ctrl("w")).text == "walk the ")
        #expect(field("walk the dog  ", keys: .ctrl("w")).text == "walk the ")
        let middle = field("walk the dog", cursor: 8, keys: .ctrl("w"))
        #expect(middle.text == "walk  dog")
        #expect(middle.cursor == 5)
    }

    @Test func wordMovesWithAltBAndFAndModifiedArrows() {
        let text = "call mom, then tea"
        #expect(field(text, keys: .alt("b")).cursor == 15)
        #expect(field(text, keys: .wordLeft, .wordLeft).cursor == 10)
        #expect(field(text, keys: .wordLeft, .wordLeft, .wordLeft).cursor == 5)
        #expect(field(text, cursor: 0, keys: .alt("f")).cursor == 4)
        #expect(field(text, cursor: 4, keys: .wordRight).cursor == 8)
        #expect(field(text, cursor: 8, keys: .wordRight).cursor == 14)
        #expect(field(text, cursor: 0, keys: .wordLeft).cursor == 0)
        #expect(field(text, keys: .wordRight).cursor == text.count)
    }

    @Test func movesOverWideAndCombinedCharactersWhole() {
        // "日本" are wide; "é" is e + U+0301, one character.
        var line = field("日本e\u{301}x", keys: .left, .left)
        #expect(line.cursor == 2)
        line.handle(.backspace)
        #expect(line.text == "日e\u{301}x")
        line.handle(.delete)
        #expect(line.text == "日x")
        line.handle(.wordLeft)
        #expect(line.cursor == 0)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsItAndTheCursorStaysAfterIt() {
        var line = field("cafe", keys: .character("\u{301}"))
        #expect(line.text == "caf\u{E9}")
        #expect(line.cursor == 4)
        line.handle(.character("s"))
        #expect(line.text == "cafés")
        #expect(line.cursor == 5)
        // In the middle too.
        var middle = field("ex", cursor: 1)
        middle.handle(.character("\u{301}"))
        #expect(middle.text == "\u{E9}x")
        #expect(middle.cursor == 1)
        middle.handle(.character("y"))
        #expect(middle.text == "\u{E9}yx")
    }

    @Test func drawsTheCursorOnTheCharacterItIsBefore() {
        let line = field("milk", cursor: 1).line(width: 8, focused: true)
        #expect(line.plainText == "milk    ")
        #expect(cursorText(line) == "i")
        #expect(field("milk", cursor: 1).cursorColumn(width: 8) == 1)
        #expect(field("milk").cursorColumn(width: 8) == 4)
    }

    @Test func drawsAWideCharacterUnderTheCursorWholeAtItsColumn() {
        let text = field("ab日本", cursor: 3)
        let line = text.line(width: 8, focused: true)
        #expect(line.plainText == "ab日本  ")
        #expect(cursorText(line) == "本")
        #expect(text.cursorColumn(width: 8) == 4)
    }

    @Test func scrollsSoAWideCharacterUnderTheCursorFits() {
        // 5 columns: the cursor is on 本 (2 columns), so the field shows "b日本" and keeps 本 whole.
        let text = field("ab日本", cursor: 3)
        let line = text.line(width: 5, focused: true)
        #expect(line.plainText == "b日本")
        #expect(cursorText(line) == "本")
        #expect(text.cursorColumn(width: 5) == 3)
    }

    @Test func scrollsHorizontallyWithTheCursor() {
        let long = "abcdefghijklmnop"
        let atEnd = field(long)
        #expect(atEnd.line(width: 6, focused: true).plainText == "lmnop ")
        #expect(atEnd.cursorColumn(width: 6) == 5)
        let atStart = field(long, keys: .home)
        #expect(atStart.line(width: 6, focused: true).plainText == "abcdef")
        #expect(cursorText(atStart.line(width: 6, focused: true)) == "a")
        let inMiddle = field(long, cursor: 9)
        let line = inMiddle.line(width: 6, focused: true)
        #expect(line.plainText == "efghij")
        #expect(cursorText(line) == "j")
        #expect(line.width == 6)
    }

    @Test func scrollsWideTextByColumns() {
        let wide = field("日本語のテキスト")  // 8 characters, 16 columns
        let line = wide.line(width: 7, focused: true)
        #expect(line.plainText == "キスト ")
        #expect(line.width == 7)
        #expect(wide.cursorColumn(width: 7) == 6)
    }
}
