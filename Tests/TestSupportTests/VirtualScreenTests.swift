import Testing

@testable import TestSupport

@Suite struct VirtualScreenTests {
    @Test func printsTextAndFollowsCarriageReturnsAndLineFeeds() {
        var screen = VirtualScreen(columns: 10, rows: 3)
        screen.feed("ab\r\ncd\rX")
        #expect(screen.lines == ["ab", "Xd", ""])
        #expect(screen.text == "ab\nXd")
    }

    @Test func cursorPositioningAndMoves() {
        var screen = VirtualScreen(columns: 10, rows: 4)
        screen.feed("\u{1B}[2;3Hhi\u{1B}[4;1Hend\u{1B}[A\u{1B}[2Dx\u{1B}[1;1H\u{1B}[Cy")
        #expect(screen.lines == [" y", "  hi", " x", "end"])
    }

    @Test func eraseInLineAndDisplay() {
        var screen = VirtualScreen(columns: 10, rows: 3)
        screen.feed("abcdef\r\nghijkl\u{1B}[1;3H\u{1B}[K")
        #expect(screen.lines == ["ab", "ghijkl", ""])
        screen.feed("\u{1B}[2;3H\u{1B}[1K")
        #expect(screen.lines == ["ab", "   jkl", ""])
        screen.feed("\u{1B}[2J")
        #expect(screen.text.isEmpty)
    }

    @Test func wideCharactersTakeTwoCells() {
        var screen = VirtualScreen(columns: 10, rows: 2)
        screen.feed("日本x")
        #expect(screen.lines[0] == "日本x")
        #expect(screen.cursorColumn == 5)
        screen.feed("\u{1B}[1;2Hz")  // overwrite the right half of 日
        #expect(screen.lines[0] == " z本x")
    }

    @Test func combiningMarksJoinThePreviousCell() {
        var screen = VirtualScreen(columns: 10, rows: 1)
        screen.feed("e\u{301}x")
        #expect(screen.lines[0] == "e\u{301}x")
        #expect(screen.cursorColumn == 2)
    }

    @Test func textWrapsAtTheRightMarginOnlyWhenMoreComes() {
        var screen = VirtualScreen(columns: 4, rows: 2)
        screen.feed("abcd")
        #expect(screen.cursorRow == 0)
        screen.feed("e")
        #expect(screen.lines == ["abcd", "e"])
    }

    @Test func lineFeedOnTheLastRowScrolls() {
        var screen = VirtualScreen(columns: 4, rows: 2)
        screen.feed("1\r\n2\r\n3")
        #expect(screen.lines == ["2", "3"])
    }

    @Test func alternateScreenAndCursorVisibilityAreTracked() {
        var screen = VirtualScreen(columns: 10, rows: 2)
        screen.feed("shell")
        screen.feed("\u{1B}[?1049h\u{1B}[?25l")
        #expect(screen.isAlternateScreenActive)
        #expect(!screen.isCursorVisible)
        #expect(screen.text.isEmpty)
        screen.feed("app")
        screen.feed("\u{1B}[?1049l\u{1B}[?25h")
        #expect(!screen.isAlternateScreenActive)
        #expect(screen.isCursorVisible)
        #expect(screen.lines[0] == "shell")
    }

    @Test func colorsAndUnknownSequencesLeaveNoText() {
        var screen = VirtualScreen(columns: 20, rows: 1)
        screen.feed("\u{1B}[1;31mred\u{1B}[0m \u{1B}]0;title\u{07}\u{1B}(Bok\u{1B}[?2004h")
        #expect(screen.lines[0] == "red ok")
    }

    @Test func sequencesSplitAcrossFeedsAreJoined() {
        var screen = VirtualScreen(columns: 10, rows: 2)
        let bytes = Array("\u{1B}[2;2H語".utf8)
        for byte in bytes { screen.feed([byte]) }
        #expect(screen.lines == ["", " 語"])
    }
}
