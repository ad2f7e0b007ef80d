import TestSupport
import Testing

@testable import TerminalUI

/// Text from outside the program: hostile escape sequences as they are shown.
enum HostileText {
    /// Retitles the terminal (OSC 0 … BEL) and clears the screen (CSI 2 J).
    static let retitleAndClear = "evil \u{1B}]0;PWNED\u{7} \u{1B}[2J"
    /// The 8-bit forms: CSI (U+009B) and OSC (U+009D) as single C1 characters.
    static let c1 = "a\u{9B}2Jb\u{9D}0;x\u{9C}"
    /// Enters the alternate screen and hides the cursor.
    static let alternateScreen = "\u{1B}[?1049h\u{1B}[?25l"
}

@Suite struct TerminalTextTests {
    @Test func c0ControlsBecomeTheirControlPictures() {
        #expect(TerminalText.sanitized(HostileText.retitleAndClear) == "evil ␛]0;PWNED␇ ␛[2J")
        #expect(TerminalText.sanitized("\u{0}\u{8}\u{D}\u{1F}") == "␀␈␍␟")
        #expect(TerminalText.sanitized(HostileText.alternateScreen) == "␛[?1049h␛[?25l")
    }

    @Test func delIsShownAsItsPicture() {
        #expect(TerminalText.sanitized("a\u{7F}b") == "a␡b")
    }

    @Test func c1ControlsAreShownByCodePoint() {
        #expect(TerminalText.sanitized(HostileText.c1) == "a<U+009B>2Jb<U+009D>0;x<U+009C>")
        #expect(TerminalText.sanitized("\u{80}\u{85}\u{9F}") == "<U+0080><U+0085><U+009F>")
        // The neighbours of the C1 block are printable and kept.
        #expect(TerminalText.sanitized("~\u{A0}é") == "~\u{A0}é")
    }

    @Test func bidiOverridesAndIsolatesAreShownButMarksAreKept() {
        #expect(TerminalText.sanitized("abc\u{202E}def") == "abc<U+202E>def")
        #expect(
            TerminalText.sanitized("\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}")
                == "<U+202A><U+202B><U+202C><U+202D><U+2066><U+2067><U+2068><U+2069>")
        #expect(TerminalText.sanitized("a\u{200E}b\u{200F}c\u{61C}") == "a\u{200E}b\u{200F}c\u{61C}")
        #expect(TerminalText.sanitized("\u{2029}\u{2065}\u{206A}") == "\u{2029}\u{2065}\u{206A}")
    }

    @Test func lineFeedsAndTabsAreReplacedOnOneLineAndKeptInMultilineText() {
        let text = "one\ttwo\nthree\r\nfour"
        #expect(TerminalText.sanitized(text) == "one␉two␊three␍␊four")
        #expect(TerminalText.sanitized(text, layout: .multiline) == "one\ttwo\nthree␍\nfour")
        #expect(
            TerminalText.sanitized("x\u{1B}[2J\n", layout: .multiline) == "x␛[2J\n")
    }

    @Test func ordinaryTextIsUnchanged() {
        let samples = [
            "", "Buy milk", "秋田県立図書館", "ｶﾀｶﾅ", "e\u{301}", "が", "🎵", "❤\u{FE0F}", "👩‍👩‍👧",
            "مكتبة", "עברית", "Ünïcödé · — … ─│┌", "\u{200B}zero width",
        ]
        for sample in samples {
            #expect(TerminalText.sanitized(sample) == sample)
            #expect(!TerminalText.needsSanitizing(sample))
            #expect(sample.terminalSafe == sample)
        }
    }

    @Test func combiningMarkAfterAControlStaysAMark() {
        // ESC is a grapheme of its own; the acute accent after it joins the placeholder.
        let shown = TerminalText.sanitized("\u{1B}\u{301}x")
        #expect(shown == "␛\u{301}x")
        #expect(shown.displayWidth == 2)
    }

    @Test func everyControlIsReplacedAndNothingElseInTheFirstPlanes() {
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isControl =
                value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            let shown = TerminalText.sanitized(String(Character(scalar)))
            if isControl {
                #expect(TerminalText.placeholder(for: scalar) != nil, "U+\(String(value, radix: 16))")
                #expect(shown.unicodeScalars.allSatisfy { TerminalText.placeholder(for: $0) == nil })
                #expect(shown.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
            } else {
                #expect(shown == String(Character(scalar)), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func placeholdersAreMeasuredAsShown() {
        #expect(TerminalText.sanitized("\u{1B}").displayWidth == 1)
        #expect(TerminalText.sanitized("\u{9B}").displayWidth == 8)
        #expect(TerminalText.displayWidth(of: "\u{1B}") == 1)
        #expect(TerminalText.displayWidth(of: "\r\n") == 2)
        #expect(TerminalText.displayWidth(of: "日") == 2)
    }
}

@Suite struct TerminalSafeLineTests {
    @Test func spansAndLinesKeepOnlyPlaceholders() {
        let line = Line(HostileText.retitleAndClear)
        #expect(line.plainText == "evil ␛]0;PWNED␇ ␛[2J")
        #expect(line.width == line.plainText.count)

        var span = Span("ok")
        span.text = "\u{1B}[31m"
        #expect(span.text == "␛[31m")

        var appended = Line("a")
        appended.append("\u{7}\u{9B}")
        appended.append(Line("\u{1B}", style: .bold))
        #expect(appended.plainText == "a␇<U+009B>␛")
        #expect(
            !appended.plainText.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            })
    }

    @Test func truncationCountsPlaceholderColumns() {
        let line = Line("ab\u{1B}cd")  // shown as "ab␛cd": five columns
        #expect(line.width == 5)
        #expect(line.truncated(toWidth: 4).plainText == "ab␛…")
        #expect(line.fitted(toWidth: 7).plainText == "ab␛cd  ")
    }

    @Test func rendererSendsNoEscapeSequenceFromTheText() {
        var output = ""
        let renderer = Renderer(colorSupport: .colors) { output += $0 }
        let size = TerminalSize(columns: 40, rows: 3)
        renderer.render(
            [
                Line(HostileText.retitleAndClear, style: .bold), Line(HostileText.c1),
                Line(HostileText.alternateScreen),
            ],
            size: size)
        // Only the renderer's own sequences: repaint, cursor moves, SGR and erase-line.
        #expect(!output.contains("\u{7}"))
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.contains("\u{1B}[?"))
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(output.components(separatedBy: "\u{1B}[2J").count == 2)  // the first frame's clear only
        var screen = VirtualScreen(columns: 40, rows: 3)
        screen.feed(output)
        #expect(
            screen.lines == ["evil ␛]0;PWNED␇ ␛[2J", "a<U+009B>2Jb<U+009D>0;x<U+009C>", "␛[?1049h␛[?25l"])
        #expect(!screen.isAlternateScreenActive)
    }

    @Test func tableAlignsCellsHoldingControlCharacters() {
        let lines = Table.lines(header: ["Name", "City"], rows: [["a\u{1B}b", "X"], ["日本", "Y"]])
        #expect(lines.map(\.plainText) == ["Name  City", "a␛b   X", "日本  Y"])
    }

    @Test func messageBoxAndStatusLineShowPlaceholders() {
        let size = TerminalSize(columns: 30, rows: 5)
        let box = MessageBox.overlay(title: "t\u{1B}", message: [Line("m\u{7}")], size: size)
        #expect(box.allSatisfy { $0.width <= 30 })
        #expect(box.map(\.plainText).joined().contains("t␛"))
        #expect(box.map(\.plainText).joined().contains("m␇"))
        let status = StatusLine.line(left: "x\u{1B}[2J", right: "\u{9B}", width: 30)
        #expect(status.width == 30)
        #expect(status.plainText.hasPrefix("x␛[2J"))
        #expect(status.plainText.hasSuffix("<U+009B>"))
    }

    @Test func textFieldDrawsControlCharactersAsPlaceholdersWithinItsWidth() {
        let field = TextField(text: "ab\u{1B}cd")
        let line = field.line(width: 6, focused: true)
        #expect(line.plainText == "ab␛cd ")
        // Scrolled to keep the cursor (at the end) in view, counting one column per placeholder.
        let scrolled = TextField(text: "\u{1B}\u{1B}\u{1B}\u{1B}abc").line(width: 5, focused: false)
        #expect(scrolled.width == 5)
        #expect(scrolled.plainText == "␛abc ")
    }
}
