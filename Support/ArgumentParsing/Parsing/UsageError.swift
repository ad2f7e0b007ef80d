/// A command line that can't be run: what was wrong, in one sentence that says what to do.
///
/// Programs print it as `program: message`, followed by the hint to run `--help`, and exit with
/// ``ExitStatus/usage``.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, without the program's name.
    public var message: String

    /// Creates an error with its message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// The text to print on standard error: `program: message`, then the help hint.
    public func report(for command: CommandDeclaration) -> String {
        "\(command.name): \(message)\n\(command.helpHint)\n"
    }
}

/// How a command line's words are quoted in messages, one way everywhere: in double quotes, with
/// control characters and bidi overrides shown as `\u{1B}` escapes (never sent raw to the
/// terminal) and very long words shortened.
public enum Quoting {
    /// The longest quoted text, in characters, before it is cut with `…`.
    static let maximumLength = 60

    /// `text` in double quotes, safe to print.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumLength {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// C0, DEL and C1 control characters, the line and paragraph separators, and the bidi marks
    /// and overrides that reorder what follows them on the line.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension UsageError {
    /// A value that isn't one of an option's choices, with the nearest choice when it looks like
    /// a typo: `--format has no format "tabel"; did you mean table? Use one of table, json, csv`.
    ///
    /// - Parameters:
    ///   - text: The value given.
    ///   - name: The option or variable.
    ///   - kind: What a choice is called (`format`, `category`).
    ///   - choices: The choices as the message lists them.
    ///   - accepted: Every spelling accepted, to find a near miss among; `choices` by default.
    public static func unknownChoice(
        _ text: String, for name: String, kind: String, choices: [String], accepted: [String]? = nil
    ) -> UsageError {
        let list = choices.joined(separator: ", ")
        let head = "\(name) has no \(kind) \(Quoting.quoted(text))"
        if let near = NearMiss.suggestion(for: text, among: accepted ?? choices) {
            return UsageError("\(head); did you mean \(near)? Use one of \(list)")
        }
        return UsageError("\(head); use one of \(list)")
    }
}
