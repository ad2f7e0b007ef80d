import InternalReSwiftUtilities
import Testing

/// The library's own messages show control characters with TerminalUI's placeholders. (They are
/// written with the leaf's `FileDescriptorIO.writeAll`, which reports a failed write instead of
/// trapping as Foundation's `FileHandle.write(_:)` does: FileDescriptorIOTests.)
@Suite struct LibraryOutputTests {
    @Test func showsControlCharactersAsTerminalTextsPlaceholders() {
        #expect(
            LibraryOutput.sanitized("mkdir /tmp/\u{1B}]0;pwned\u{7}\u{9B}2J\u{7F}\u{202E}x failed\n\tnext")
                == "mkdir /tmp/␛]0;pwned␇<U+009B>2J␡<U+202E>x failed\n\tnext")
        #expect(LibraryOutput.sanitized("\r\u{0}\u{85}") == "␍␀<U+0085>")
        let plain = "秋田市 🥛 \u{200F}"
        #expect(LibraryOutput.sanitized(plain) == plain)
    }
}
