/// Makes text that did not come from the program safe to show on a terminal: every character a
/// terminal would act on instead of print is replaced by a visible placeholder.
///
/// A todo title, an album name from a web service or a server's error body can hold escape
/// sequences that retitle the terminal (`ESC ] 0 ; … BEL`), clear it (`ESC [ 2 J`), switch screens
/// or colours. Shown through ``TerminalText``, such text is drawn, never obeyed:
///
/// | Characters                                   | Shown as                              |
/// |----------------------------------------------|---------------------------------------|
/// | C0 controls U+0000–U+001F (ESC, BEL, CR, LF, TAB…) | their control picture U+2400–U+241F: `␛`, `␇`, `␍`, `␊`, `␉` |
/// | DEL U+007F                                   | `␡` (U+2421)                          |
/// | C1 controls U+0080–U+009F (CSI U+009B, OSC U+009D…) | `<U+009B>`: they have no control picture |
/// | Bidirectional embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `<U+202E>` |
///
/// A control picture takes one column, like most characters; `<U+009B>` takes eight. Everything
/// else is kept as it is: letters of every script, wide CJK characters, emoji, combining marks,
/// and the left-to-right and right-to-left marks (U+200E, U+200F, U+061C), which only affect the
/// character next to them. Bidirectional overrides and isolates are replaced because they reorder
/// everything after them up to the end of the line, so a library name could make the program's
/// own columns that follow it read backwards.
///
/// The placeholders are for display only and can't be turned back into the original text; a
/// program that must hand data on exactly offers a data format (JSON escapes these characters).
///
/// ``Span`` and ``Line`` pass all their text through ``sanitized(_:layout:)``, so whatever a view
/// draws through the ``Renderer`` is safe without the view doing anything. Plain output (a list
/// printed by a command, an error message on standard error) calls it directly:
///
/// ```swift
/// TerminalText.sanitized("evil \u{1B}]0;PWNED\u{7}")              // "evil ␛]0;PWNED␇"
/// TerminalText.sanitized("a\nb", layout: .multiline)             // "a\nb": line feeds kept
/// ```
public enum TerminalText {
    /// Which layout characters the text may keep.
    public enum Layout: Hashable, Sendable {
        /// One line, such as a field or a list row: line feeds and tabs are replaced too.
        case singleLine
        /// Text the program lays out in lines, such as a message for standard error: line feeds
        /// (U+000A) and tabs (U+0009), which only move the cursor forward, are kept; carriage
        /// returns and every other control character are replaced.
        case multiline
    }

    /// `text` with every control character replaced by its visible placeholder.
    ///
    /// - Parameters:
    ///   - text: Text from outside the program.
    ///   - layout: Whether line feeds and tabs are kept (``Layout/multiline``) or replaced
    ///     (``Layout/singleLine``, the default).
    /// - Returns: Text that contains no character a terminal would act on (besides, with
    ///   ``Layout/multiline``, line feeds and tabs). Text that needs no change is returned as is.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func sanitized<Text: StringProtocol>(_ text: Text, layout: Layout = .singleLine) -> String {
        guard needsSanitizing(text, layout: layout) else { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let placeholder = placeholder(for: scalar, layout: layout) {
                result.append(contentsOf: placeholder.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether ``sanitized(_:layout:)`` would change `text`.
    public static func needsSanitizing<Text: StringProtocol>(_ text: Text, layout: Layout = .singleLine)
        -> Bool
    {
        text.unicodeScalars.contains { isReplaced($0, layout: layout) }
    }

    /// The placeholder shown for `scalar`, or `nil` when it is shown as itself.
    ///
    /// - Parameters:
    ///   - scalar: One Unicode scalar.
    ///   - layout: With ``Layout/multiline``, line feeds and tabs are shown as themselves.
    public static func placeholder(for scalar: Unicode.Scalar, layout: Layout = .singleLine) -> String? {
        guard isReplaced(scalar, layout: layout) else { return nil }
        let value = scalar.value
        switch value {
        case 0x00..<0x20:
            return String(Unicode.Scalar(0x2400 + value)!)
        case 0x7F:
            return "\u{2421}"
        default:
            let hex = String(value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + ">"
        }
    }

    /// The columns `character` takes once shown through ``sanitized(_:layout:)``.
    static func displayWidth(of character: Character) -> Int {
        guard character.unicodeScalars.contains(where: { isReplaced($0, layout: .singleLine) }) else {
            return DisplayWidth.of(character)
        }
        return sanitized(String(character)).displayWidth
    }

    /// Whether `scalar` is one of the characters replaced under `layout`.
    @inline(__always)
    static func isReplaced(_ scalar: Unicode.Scalar, layout: Layout) -> Bool {
        let value = scalar.value
        if value < 0x20 { return layout == .singleLine || (value != 0x0A && value != 0x09) }
        if value < 0x7F { return false }
        if value < 0xA0 { return true }  // DEL and C1
        if value < 0x202A { return false }
        return value <= 0x202E || (0x2066...0x2069).contains(value)
    }
}

extension StringProtocol {
    /// This text with control characters shown as visible placeholders, on one line: the same as
    /// `TerminalText.sanitized(self)` (see ``TerminalText``).
    public var terminalSafe: String { TerminalText.sanitized(self) }
}
