import Testing

@testable import TerminalUI

/// Bracketed paste: the text between `ESC [200~` and `ESC [201~` is one ``Key/paste(_:)``,
/// whatever it holds and however the reads split it; a text field inserts it on one line.
@Suite struct BracketedPasteTests {
    private let start = "\u{1B}[200~"
    private let end = "\u{1B}[201~"

    @Test func aPasteIsOneKeyHoldingItsTextWithTheKeysAroundItDecodedAsKeys() {
        let keys = KeyDecoder.keys(in: Array("a\(start)milk\ndog food q\u{7F}\(end)b".utf8))
        #expect(keys == [.character("a"), .paste("milk\ndog food q\u{7F}"), .character("b")])
    }

    @Test func aPasteSplitAtEveryByteIsStillOnePaste() {
        let bytes = Array("\(start)x\u{1B}[201y é\u{1B}\(end)q".utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(keys == [.paste("x\u{1B}[201y é\u{1B}"), .character("q")], "split at \(split)")
            #expect(!decoder.hasPendingInput)
        }
    }

    @Test func aPasteFedOneByteAtATimeIsOnePaste() {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in Array("\(start)line one\rline two\(end)".utf8) { keys += decoder.feed([byte]) }
        #expect(keys == [.paste("line one\rline two")])
    }

    @Test func anUnterminatedPasteEndsWithWhatCameWhenFlushed() {
        var decoder = KeyDecoder()
        let beforeFlush = decoder.feed(Array("\(start)rm -rf\u{1B}[20".utf8))
        #expect(beforeFlush.isEmpty)
        #expect(decoder.isInsidePaste)
        let flushed = decoder.flush()
        #expect(flushed == [.paste("rm -rf\u{1B}[20")])
        #expect(!decoder.isInsidePaste)
        // Keys typed afterwards are keys again.
        let after = decoder.feed(Array("q".utf8))
        #expect(after == [.character("q")])
    }

    @Test func aPasteLongerThanTheBoundComesAsSeveralPastesInOrder() {
        let text = String(repeating: "ab", count: KeyDecoder.maximumPasteLength / 2) + "é" + "tail"
        let keys = KeyDecoder.keys(in: Array("\(start)\(text)\(end)".utf8))
        #expect(keys.count == 2)
        let joined = keys.map { key -> String in
            guard case .paste(let part) = key else { return "<not a paste>" }
            return part
        }.joined()
        #expect(joined == text)
    }

    @Test func anEmptyPasteIsNothing() {
        #expect(KeyDecoder.keys(in: Array("\(start)\(end)x".utf8)) == [.character("x")])
    }

    @Test func aTextFieldInsertsAPasteOnOneLineAtTheCursor() {
        var field = TextField(text: "[]", cursor: 1)
        let handled = field.handle(.paste("milk\r\ndog\nfood\tnow\rhere\u{1B}[2J\u{85}!"))
        #expect(handled)
        #expect(field.text == "[milk dog food now here[2J!]")
        #expect(field.cursor == 27)
        #expect(field.utf8Cursor == 27)
    }

    @Test func aMegabytePasteIsInsertedWholeAndDrawnAroundTheCursor() {
        var field = TextField(text: "")
        let text = String(repeating: "0123456789", count: 100_000)
        field.handle(.paste(text))
        field.handle(.character("!"))
        #expect(field.text.utf8.count == 1_000_001)
        #expect(field.utf8Cursor == 1_000_001)
        let line = field.line(width: 12, focused: true)
        #expect(line.spans.map(\.text).joined() == "0123456789! ")
    }
}
