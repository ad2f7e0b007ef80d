/// Swift source for a string that came from outside (a recorded JSON text): an ordinary one-line
/// literal `"…"` built scalar by scalar, so that the text is always data, never code.
///
/// Every backslash is written `\\` and every quote `\"`, so nothing in the text can start an
/// escape, an interpolation (`\(…)`, `\#(…)`) or end the literal, whatever runs of `#`, `"` and `\`
/// it holds: the literal's meaning doesn't depend on counting delimiters. Characters that could
/// break the line, act on a terminal or hide in an editor are written as escapes too, so the
/// generated file is one line per literal and safe to show:
///
/// | In the text                                             | In the literal         |
/// |---------------------------------------------------------|------------------------|
/// | `\`, `"`                                                | `\\`, `\"`             |
/// | NUL, tab, line feed, carriage return                    | `\0`, `\t`, `\n`, `\r` |
/// | other C0 controls, DEL, C1 controls                     | `\u{1B}`, `\u{7F}`, `\u{9B}` |
/// | format characters (bidirectional overrides, zero-width joiners, BOM), line and paragraph separators, spaces other than U+0020, private-use and unassigned code points | `\u{202E}`, `\u{200D}`, `\u{2028}`, `\u{A0}`… |
/// | everything else: letters of every script, marks, digits, punctuation, symbols, emoji | itself |
///
/// For the text `say \#(x) "#hi"`, ``make(_:)`` writes `"say \\#(x) \"#hi\""`.
enum SwiftStringLiteral {
    /// The literal whose value is exactly `text`, scalar for scalar.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func make(_ text: String) -> String {
        var literal = String.UnicodeScalarView()
        literal.append("\"")
        for scalar in text.unicodeScalars {
            if let escape = escape(for: scalar) {
                literal.append(contentsOf: escape.unicodeScalars)
            } else {
                literal.append(scalar)
            }
        }
        literal.append("\"")
        return String(literal)
    }

    /// How `scalar` is written inside the literal, or `nil` when it is written as itself.
    static func escape(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\\": return "\\\\"
        case "\"": return "\\\""
        case "\0": return "\\0"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case " "..."~": return nil
        default: break
        }
        guard scalar.value >= 0xA0 else { return unicodeEscape(scalar) }  // C0, DEL, C1
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
            .unassigned:
            return unicodeEscape(scalar)
        default:
            return nil
        }
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
