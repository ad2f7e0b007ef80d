import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        KeyDecoder.keys(in: Array(text.utf8))
    }

    @Test func printableASCIIAndUTF8BecomeCharacters() {
        #expect(keys("aZ1 ") == [.character("a"), .character("Z"), .character("1"), .space])
        #expect(keys("日本é") == [.character("日"), .character("本"), .character("é")])
    }

    @Test func controlKeys() {
        #expect(
            KeyDecoder.keys(in: [0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [
                .enter, .enter, .tab, .backspace, .backspace,
            ])
        #expect(KeyDecoder.keys(in: [0x03, 0x01, 0x1A]) == [.ctrl("c"), .ctrl("a"), .ctrl("z")])
        #expect(Key.ctrl("c").isInterrupt)
        #expect(!Key.character("c").isInterrupt)
    }

    @Test func arrowsInCSIAndSS3Forms() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[1;5A") == [.up])
    }

    @Test func ctrlOrAltWithLeftAndRightMovesByWord() {
        // xterm: 1 + Shift 1, Alt 2, Ctrl 4, Meta 8.
        #expect(keys("\u{1B}[1;5D\u{1B}[1;5C") == [.wordLeft, .wordRight])
        #expect(
            keys("\u{1B}[1;3D\u{1B}[1;3C\u{1B}[1;7D\u{1B}[1;9C") == [
                .wordLeft, .wordRight, .wordLeft, .wordRight,
            ])
        // Shift alone is dropped, as on the other arrows.
        #expect(keys("\u{1B}[1;2D\u{1B}[1;2C") == [.left, .right])
        // rxvt's Ctrl-arrows, and Alt sent as Esc before the arrow.
        #expect(keys("\u{1B}Od\u{1B}Oc") == [.wordLeft, .wordRight])
        #expect(keys("\u{1B}\u{1B}[D\u{1B}\u{1B}[C") == [.wordLeft, .wordRight])
        // Esc Esc before anything else is still two Escs, and Esc Esc before ↑ is Esc then ↑.
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test func navigationKeys() {
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == [.home, .end, .home, .end])
        #expect(
            keys("\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~") == [
                .home, .end, .pageUp, .pageDown, .delete, .insert,
            ])
        #expect(keys("\u{1B}[Z\u{1B}OP\u{1B}[15~") == [.backTab, .function(1), .function(5)])
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func sequenceSplitAcrossReadsIsJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[".utf8)).isEmpty)
        #expect(decoder.feed(Array("Ax".utf8)) == [.up, .character("x")])
    }

    @Test func altArrowSplitAfterTheSecondEscapeIsJoined() {
        // Found by the key-decoder fuzzer: Esc Esc and the arrow's bytes in separate reads.
        for split in 1...4 {
            let bytes = Array("\u{1B}\u{1B}[1D\u{1B}\u{1B}".utf8)
            var decoder = KeyDecoder()
            var keys = decoder.feed(bytes[..<split])
            keys += decoder.feed(bytes[split...])
            keys += decoder.flush()
            #expect(keys == [.wordLeft, .escape, .escape], "split after \(split) bytes")
            #expect(keys == KeyDecoder.keys(in: bytes))
        }
    }

    @Test func utf8SplitAcrossReadsIsJoined() {
        var decoder = KeyDecoder()
        let bytes = Array("語".utf8)
        #expect(decoder.feed(bytes[0..<1]).isEmpty)
        #expect(decoder.feed(bytes[1...]) == [.character("語")])
    }

    @Test func escapeFollowedByTextIsAlt() {
        #expect(keys("\u{1B}x") == [.alt("x")])
        #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    }

    @Test func unfinishedSequenceFlushesAsAltBracket() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush() == [.alt("["), .character("1"), .character(";")])
    }

    @Test func invalidBytesAreSkipped() {
        #expect(KeyDecoder.keys(in: [0xFF, 0x80, 0x61]) == [.character("a")])
    }

    @Test func overlongSequenceIsNotHeldBack() {
        // Found by Fuzz/Targets/key-decoder: an `ESC [` followed by endless parameter bytes was
        // held back and rescanned on every read, so a stream of them froze the app.
        let parameters = String(repeating: "1;", count: KeyDecoder.maximumCSIParameterLength)
        var decoder = KeyDecoder()
        let keys = decoder.feed(Array("\u{1B}[\(parameters)A".utf8))
        #expect(keys.first == .alt("["))
        #expect(keys.dropFirst().prefix(2) == [.character("1"), .character(";")])
        #expect(keys.last == .character("A"))
        #expect(!decoder.hasPendingInput)
    }

    @Test func bytesFedOneByOneGiveTheSameKeysAsAllAtOnce() {
        let text = "a\u{1B}[1;5A日\u{1B}x\u{1B}[\(String(repeating: "9", count: 70))~\u{1B}OP\u{1B}"
        let bytes = Array(text.utf8)
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        keys += decoder.flush()
        #expect(keys == KeyDecoder.keys(in: bytes))
        #expect(keys.first == .character("a") && keys.last == .escape)
    }
}
