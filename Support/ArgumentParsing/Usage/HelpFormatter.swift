/// Writes a program's `--help` from its ``CommandDeclaration``, in the one layout every
/// executable shares:
///
/// ```
/// name — summary
///
/// USAGE:
///   name [options]
///
/// (discussion)
///
/// COMMANDS:          (when there are subcommands)
/// OPTIONS:
/// ENVIRONMENT:       (when variables are read)
/// (further sections)
/// EXIT STATUS:
/// ```
///
/// Left columns are padded to ``column``; a longer entry puts its text on the next line.
public enum HelpFormatter {
    /// Where descriptions start in the COMMANDS, OPTIONS and ENVIRONMENT sections.
    public static let column = 28

    /// The help text, ending in a newline.
    public static func help(for command: CommandDeclaration) -> String {
        var lines = ["\(command.name) — \(command.summary)", "", "USAGE:"]
        lines += command.usage.map { "  \(command.name) \($0)".trimmingTrailingSpaces }
        if let discussion = command.discussion {
            lines +=
                [""] + discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if !command.subcommands.isEmpty {
            lines += ["", "COMMANDS:"]
            for subcommand in command.subcommands {
                var left = ([subcommand.name] + subcommand.aliases).joined(separator: ", ")
                if !subcommand.arguments.isEmpty { left += " \(subcommand.arguments)" }
                lines += entry(left, subcommand.help)
            }
        }
        lines += ["", "OPTIONS:"]
        for option in command.allOptions {
            lines += entry(option.synopsis, option.help + (option.isRepeatable ? " (repeatable)" : ""))
        }
        lines += entry("--", "End of options: what follows is never an option")
        if !command.environment.isEmpty {
            lines += ["", "ENVIRONMENT:"]
            for variable in command.environment { lines += entry(variable.name, variable.help) }
        }
        for section in command.sections {
            lines += ["", "\(section.title):"]
            lines += section.body.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "  \($0)"
            }
        }
        lines += ["", "EXIT STATUS:", "  0    done"]
        lines += wrapped("  1    ", "not carried out: \(command.failureMeaning)")
        lines += ["  2    a mistake on the command line (nothing was done)"]
        lines += command.usageCauses.flatMap { wrapped("       ", "or \($0)") }
        lines += [
            "  130  interrupted with Ctrl-C"
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The widest line the help writes itself; the texts a program declares keep their own line
    /// breaks.
    public static let width = 80

    /// An EXIT STATUS entry, `prefix` then `text`, broken at spaces to fit ``width``; continuation
    /// lines are indented to the meanings' column.
    static func wrapped(_ prefix: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: 7)
        var lines: [String] = []
        var current = prefix
        var isEmpty = true
        for word in text.split(separator: " ") {
            if isEmpty || current.count + 1 + word.count <= width {
                current += (isEmpty ? "" : " ") + word
            } else {
                lines.append(current)
                current = indent + word
            }
            isEmpty = false
        }
        return lines + [current]
    }

    /// A two-column entry: `  left` padded to ``column``, then the text; continuation lines of
    /// the text are indented to the column.
    static func entry(_ left: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: column)
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lines: [String] = []
        let head = "  \(left)"
        if head.count <= column - 2 {
            lines.append(head + String(repeating: " ", count: column - head.count) + textLines[0])
        } else {
            lines += [head, indent + textLines[0]]
        }
        lines += textLines.dropFirst().map { indent + $0 }
        return lines
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
