import Foundation
import Testing

@testable import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The library's own messages never trap on a failed write (Foundation's `FileHandle.write(_:)`
/// does), and show control characters with TerminalUI's placeholders.
@Suite struct LibraryOutputTests {
    @Test func aFailedWriteReportsItsErrorInsteadOfTrapping() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let bytes = Array("ReSwiftThunk: a thunk threw\n".utf8)
        #expect(bytes.withUnsafeBytes { LibraryOutput.writeAll(full, $0) } == ENOSPC)
        #expect(bytes.withUnsafeBytes { LibraryOutput.writeAll(-1, $0) } == EBADF)
    }

    @Test func writesEverythingToADescriptorThatTakesIt() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let text = String(repeating: "line\n", count: 1_000)
        #expect(Array(text.utf8).withUnsafeBytes { LibraryOutput.writeAll(fds[1], $0) } == 0)
        close(fds[1])
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        #expect(String(decoding: received, as: UTF8.self) == text)
    }

    /// The same placeholders as TerminalUI's `TerminalText.sanitized(_:layout: .multiline)`.
    @Test func showsControlCharactersAsTerminalTextsPlaceholders() {
        #expect(
            LibraryOutput.sanitized("mkdir /tmp/\u{1B}]0;pwned\u{7}\u{9B}2J\u{7F}\u{202E}x failed\n\tnext")
                == "mkdir /tmp/␛]0;pwned␇<U+009B>2J␡<U+202E>x failed\n\tnext")
        #expect(LibraryOutput.sanitized("\r\u{0}\u{85}") == "␍␀<U+0085>")
        let plain = "秋田市 🥛 \u{200F}"
        #expect(LibraryOutput.sanitized(plain) == plain)
    }
}
