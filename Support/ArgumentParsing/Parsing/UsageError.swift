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

/// How a command line's words are quoted in messages, one way everywhere: in double quotes (a
/// quote or backslash inside escaped with a backslash), very long words shortened with `…`.
///
/// Control characters are kept as they are: a message is data until it is printed, and every
/// program prints its messages through TerminalUI's `ProgramOutput`, which shows them with
/// `TerminalText`'s visible placeholders (`␛`, `␇`, `<U+009B>`), the package's one scheme.
public enum Quoting {
    /// The longest quoted text, in characters, before it is cut with `…`.
    static let maximumLength = 60

    /// `text` in double quotes.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for (index, character) in text.enumerated() {
            if index == maximumLength {
                result += "…"
                break
            }
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result + "\""
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
