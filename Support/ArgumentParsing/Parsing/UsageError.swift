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
/// control characters shown as `\u{1B}` escapes (never sent raw to the terminal) and very long
/// words shortened.
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

    /// C0, DEL and C1 control characters, and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}
