import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test func asciiIsOneColumnEach() {
        #expect("hello".displayWidth == 5)
    }

    @Test func japaneseIsTwoColumnsEach() {
        #expect("日本語".displayWidth == 6)
        #expect("秋田県立図書館".displayWidth == 14)
        #expect("ｶﾀｶﾅ".displayWidth == 4)  // halfwidth katakana
        #expect("ＡＢ".displayWidth == 4)  // fullwidth Latin
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect("e\u{301}".displayWidth == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect("が".decomposedStringWithCanonicalMappingForTest.displayWidth == 2)
    }

    @Test func emojiAreTwoColumns() {
        #expect("🎵".displayWidth == 2)
        #expect("❤\u{FE0F}".displayWidth == 2)
    }
}

extension String {
    /// "が" as "か" + combining voiced mark, without Foundation.
    fileprivate var decomposedStringWithCanonicalMappingForTest: String { "か\u{3099}" }
}

@Suite struct LineTests {
    @Test func truncationAddsAnEllipsis() {
        #expect(Line("Hello, world").truncated(toWidth: 8).plainText == "Hello, …")
        #expect(Line("short").truncated(toWidth: 8).plainText == "short")
        #expect(Line("exactly8").truncated(toWidth: 8).plainText == "exactly8")
    }

    @Test func truncationCountsWideCharactersAsTwoColumns() {
        let line = Line("日本語のテキスト").truncated(toWidth: 7)
        #expect(line.plainText == "日本語…")
        #expect(line.width == 7)
        let odd = Line("日本語のテキスト").truncated(toWidth: 8)
        #expect(odd.plainText == "日本語…")
        #expect(odd.width == 7)
    }

    @Test func truncationKeepsCombiningMarksWithTheirBase() {
        let line = Line("cafe\u{301} au lait").truncated(toWidth: 5)
        #expect(line.plainText == "cafe\u{301}…")
    }

    @Test func truncationKeepsStylesOfTheKeptSpans() {
        let line = Line([Span("ab", style: .bold), Span("cdef", style: .color(.red))]).truncated(toWidth: 4)
        #expect(line.spans == [Span("ab", style: .bold), Span("c…", style: .color(.red))])
    }

    @Test func paddingFillsToWidth() {
        #expect(Line("日本").padded(toWidth: 6).plainText == "日本  ")
        #expect(Line("abc").fitted(toWidth: 2).plainText == "a…")
        #expect(Line("ab").centered(inWidth: 6).plainText == "  ab")
    }

    @Test func appendMergesEqualStyles() {
        var line = Line("a")
        line.append("b")
        line.append("c", style: .bold)
        #expect(line.spans == [Span("ab"), Span("c", style: .bold)])
        #expect((Line("x") + Line("y")).plainText == "xy")
    }
}

@Suite struct LineArrayTests {
    @Test func joinedPutsTheSeparatorBetweenLines() {
        let cells: [Line] = [Line("A", style: .bold), Line("B"), Line("C")]
        let row = cells.joined(separator: " | ")
        #expect(row.plainText == "A | B | C")
        #expect(row.spans.first == Span("A", style: .bold))
        #expect([Line]().joined().plainText.isEmpty)
    }

    @Test func plainTextJoinsTrimmedLines() {
        let lines: [Line] = ["one  ", Line("two", style: .reverse), ""]
        #expect(lines.plainText == "one\ntwo\n")
    }
}
