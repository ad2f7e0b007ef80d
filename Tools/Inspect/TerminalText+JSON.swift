import TerminalUI

extension TerminalText {
    /// A JSON line with the characters a terminal would act on that JSON leaves raw (DEL, C1
    /// controls, bidirectional overrides and isolates) written as `\u` escapes, so it is still
    /// the same JSON and safe on a terminal. JSON already escapes C0 controls, and these
    /// characters can only occur inside strings.
    static func safeJSONLine(_ line: String) -> String {
        guard needsSanitizing(line) else { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            if placeholder(for: scalar) != nil {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
