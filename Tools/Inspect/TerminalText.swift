/// Makes text from an app safe to print on a terminal.
///
/// A stand-in until TerminalUI's shared function lands: control characters (C0, ESC, DEL, C1)
/// become visible placeholders — C0 and DEL as their Unicode control pictures (␛, ␡), C1 as
/// `<U+0085>` — so an app's data can't move the cursor, change colours or retitle the window.
enum TerminalText {
    static func safe(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20:
                result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result.unicodeScalars.append("\u{2421}")
            case 0x80..<0xA0:
                result += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A JSON line with DEL and C1 characters written as `\u` escapes (JSON already escapes C0),
    /// so it is still the same JSON and safe on a terminal. They can only occur inside strings.
    static func safeJSONLine(_ line: String) -> String {
        var result = ""
        for scalar in line.unicodeScalars {
            if scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar.value < 0x20 {
                result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
