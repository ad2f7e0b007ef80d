import Testing

@testable import TerminalUI

@Suite struct WidgetTests {
    @Test func listKeepsTheSelectionVisibleAndMarked() {
        let items = (0..<10).map { Line("item \($0)") }
        let lines = ListView.lines(items: items, selection: 7, width: 12, height: 4)
        #expect(lines.map(\.plainText) == ["  item 5", "  item 6", "› item 7    ", "  item 8"])
        #expect(lines[2].spans.allSatisfy { $0.style.reverse })
        #expect(ListView.firstVisibleIndex(count: 10, selection: 9, height: 4) == 6)
        #expect(ListView.firstVisibleIndex(count: 10, selection: 0, height: 4) == 0)
        #expect(ListView.firstVisibleIndex(count: 3, selection: 2, height: 4) == 0)
    }

    @Test func emptyListShowsItsEmptyText() {
        let lines = ListView.lines(items: [], selection: nil, width: 20, height: 2, emptyText: "No todos")
        #expect(lines.map(\.plainText) == ["No todos", ""])
    }

    @Test func statusLinePutsTextAtBothEnds() {
        let line = StatusLine.line(left: "Rock", right: "3 found", width: 16)
        #expect(line.plainText == "Rock     3 found")
        #expect(line.spans.allSatisfy { $0.style.reverse })
        #expect(
            StatusLine.line(left: "a long left text", right: "right", width: 12).plainText == "a lon… right")
    }

    @Test func spinnerAdvancesOneFramePerTick() {
        var spinner = Spinner.line
        #expect(spinner.frame == "|")
        spinner.advance()
        #expect(spinner.frame == "/")
        #expect(spinner.frame(at: 5) == "/")
    }

    @Test func textFieldEditsAtTheCursor() {
        var field = TextField(text: "milk")
        #expect(field.cursor == 4)
        field.handle(.left)
        field.handle(.backspace)
        #expect(field.text == "mik")
        field.handle(.character("l"))
        #expect(field.text == "milk")
        field.handle(.home)
        field.handle(.delete)
        #expect(field.text == "ilk")
        field.handle(.end)
        field.handle(.space)
        #expect(field.text == "ilk ")
        let handledEnter = field.handle(.enter)
        #expect(!handledEnter)
        field.handle(.ctrl("u"))
        #expect(field.text.isEmpty)
    }

    @Test func textFieldScrollsToShowTheCursor() {
        let field = TextField(text: "abcdefghij")
        let line = field.line(width: 5, focused: true)
        #expect(line.plainText == "ghij ")
        #expect(line.spans.last == Span(" ", style: .reverse))
        #expect(TextField(text: "ab").line(width: 5, focused: false).plainText == "ab   ")
    }

    @Test func tooSmallScreenSaysWhatIsNeeded() {
        let lines = TooSmallScreen.lines(
            needed: TerminalSize(columns: 40, rows: 20), actual: TerminalSize(columns: 30, rows: 5))
        let text = lines.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Terminal too small"))
        #expect(text.contains("needs 40×20, is 30×5"))
        #expect(lines.allSatisfy { $0.width <= 30 })
    }

    @Test func messageBoxIsCenteredOverTheBackground() {
        let background: [Line] = Array(repeating: Line(String(repeating: ".", count: 20)), count: 7)
        let lines = MessageBox.overlay(
            title: "Won", message: ["Score: 3"], on: background, size: TerminalSize(columns: 20, rows: 7))
        #expect(
            lines.map(\.plainText) == [
                "....................",
                "....................",
                "....┌ Won ─────┐....",
                "....│ Score: 3 │....",
                "....└──────────┘....",
                "....................",
                "....................",
            ])
    }
}

@Suite struct TableTests {
    @Test func columnsAlignByDisplayWidth() {
        let lines = Table.lines(
            header: ["Name", "City", "Kind"],
            rows: [["秋田県立図書館", "秋田市", "large"], ["Noshiro", "能代市"]])
        #expect(
            lines.map(\.plainText) == [
                "Name            City    Kind",
                "秋田県立図書館  秋田市  large",
                "Noshiro         能代市",
            ])
        #expect(lines[0].spans.first?.style == .bold)
    }

    @Test func aRuleUnderTheHeaderIsAsWideAsEachColumn() {
        let lines = Table.lines(header: ["Name", "City"], rule: "─", rows: [["秋田県立図書館", "秋田市"]])
        #expect(
            lines.map(\.plainText) == [
                "Name            City",
                "──────────────  ──────",
                "秋田県立図書館  秋田市",
            ])
        #expect(Table.lines(rule: "─", rows: [["a"]]).map(\.plainText) == ["a"])
    }

    @Test func maximumWidthsTruncateCells() {
        let lines = Table.lines(rows: [["abcdefgh", "x"]], maximumWidths: [5], separator: "|")
        #expect(lines.map(\.plainText) == ["abcd…|x"])
        #expect(Table.lines(rows: []).isEmpty)
    }
}

@Suite struct BoxTests {
    @Test func boxFramesFittedContent() {
        let lines = Box.lines(
            [Line("Abbey Road"), Line("日本語のタイトル")], width: 12, title: "A1", style: .color(.cyan))
        #expect(
            lines.map(\.plainText) == [
                "┌ A1 ──────┐",
                "│Abbey Road│",
                "│日本語の… │",
                "└──────────┘",
            ])
        #expect(lines.allSatisfy { $0.width == 12 })
        #expect(lines[0].spans.first?.style == .color(.cyan))
    }

    @Test func blocksSitSideBySide() {
        let left: [Line] = ["ab", "a"]
        let right: [Line] = ["x", "y", "z"]
        #expect(Box.sideBySide([left, right], spacing: 2).map(\.plainText) == ["ab  x", "a   y", "    z"])
        #expect(Box.sideBySide([]).isEmpty)
    }
}
