#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How the library's modules write their own messages (the default hooks' reports) and their
/// files, without ever trapping.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails (a full disk, a closed
/// standard error), which would crash the app over a message. These functions call `write(2)`
/// directly and report or drop a failure instead. Shared by the package's modules and its
/// executables (`package` access: not part of the public API); ReSwift re-exports it.
package enum LibraryOutput {
    /// Where ``message(_:)`` sends messages instead of writing them itself; `nil` by default.
    private static let routedWriter = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Sends every later ``message(_:)`` to `write` instead: the package's executables hand the
    /// library's messages to their one output path (TerminalUI's `ProgramOutput`), which
    /// sanitizes them and counts a failed write in the exit status.
    ///
    /// - Parameter write: Called with each message, on the thread that reports it.
    package static func route(to write: @escaping @Sendable (String) -> Void) {
        routedWriter.withLock { $0 = write }
    }

    /// Writes a message to standard error, on the calling thread; a write that fails is dropped.
    ///
    /// Control characters are shown as the visible placeholders TerminalUI's `TerminalText`
    /// uses (`␛`, `␇`, `␡`, `<U+009B>`; line feeds and tabs kept), since a message may quote a
    /// path or text from outside the program.
    ///
    /// - Parameter message: The text, with its own line feeds.
    package static func message(_ message: String) {
        if let write = routedWriter.current {
            write(message)
            return
        }
        var text = sanitized(message)
        _ = text.withUTF8 { FileDescriptorIO.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// `text` with C0 controls (but line feed and tab), DEL, C1 controls and the bidirectional
    /// overrides and isolates replaced by visible placeholders: TerminalUI's `TerminalText`
    /// scheme with its `.multiline` layout, which the library can't import.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isReplaced) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isReplaced(scalar) else {
                result.append(scalar)
                continue
            }
            let value = scalar.value
            if value < 0x20 {
                result.append(Unicode.Scalar(0x2400 + value)!)
            } else if value == 0x7F {
                result.append("\u{2421}")
            } else {
                let hex = String(value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(4 - hex.count, 0)) + hex
                result.append(contentsOf: "<U+\(padded)>".unicodeScalars)
            }
        }
        return String(result)
    }

    private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x0A && value != 0x09 }
        if value < 0x7F { return false }
        if value < 0xA0 { return true }  // DEL and C1
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
