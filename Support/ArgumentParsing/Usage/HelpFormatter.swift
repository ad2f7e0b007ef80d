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
/// Left columns are padded to ``column``; a longer entry puts its text on the next line. The
/// discussion's paragraphs and each entry's text flow into lines that fit ``width`` columns, so a
/// declared text needs no line breaks of its own; a line of the discussion that starts with a
/// space keeps its place (a list, an example).
public enum HelpFormatter {
    /// Where descriptions start in the COMMANDS, OPTIONS and ENVIRONMENT sections.
    public static let column = 28

    /// The help text, ending in a newline.
    public static func help(for command: CommandDeclaration) -> String {
        var lines = ["\(command.name) — \(command.summary)", "", "USAGE:"]
        lines += command.usage.map { "  \(command.name) \($0)".trimmingTrailingSpaces }
        if let discussion = command.discussion {
            lines += [""]
            lines += flowed(discussion, width: width)
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

    /// The widest line of a help, in terminal columns.
    public static let width = 80

    /// `text`'s paragraphs (runs of lines, ended by an empty line or one that starts with a space)
    /// each flowed into lines of at most `width` columns.
    static func flowed(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var paragraph: [Substring] = []
        func endParagraph() {
            if !paragraph.isEmpty { lines += broken(paragraph.joined(separator: " "), width: width) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.first == " " {
                endParagraph()
                lines += broken(String(line), width: width)
            } else {
                paragraph.append(line)
            }
        }
        endParagraph()
        return lines
    }

    /// The columns `text` takes in a terminal: two for each character of the CJK blocks (what the
    /// helps hold: Japanese), one for the others. TerminalUI's DisplayWidth knows every wide
    /// character; the help tests measure with it.
    static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + (wideBlocks.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }

    /// Hangul Jamo, CJK (with kana), Hangul syllables, compatibility ideographs, fullwidth forms.
    private static let wideBlocks: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
    ]

    /// An EXIT STATUS entry, `prefix` (7 characters) then `text`, broken at spaces to fit
    /// ``width``; continuation lines are indented to the meanings' column.
    static func wrapped(_ prefix: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: prefix.count)
        return broken(text, width: width - prefix.count).enumerated().map { ($0 == 0 ? prefix : indent) + $1 }
    }

    /// `text` broken at spaces into lines of at most `width` columns; a word longer than that keeps
    /// a line of its own. Continuation lines keep the text's leading spaces.
    static func broken(_ text: String, width: Int) -> [String] {
        guard columns(text) > width else { return [text] }
        let leading = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var current = leading
        for word in text.dropFirst(leading.count).split(separator: " ") {
            if current.count == leading.count || columns(current) + 1 + columns(word) <= width {
                current += (current.count == leading.count ? "" : " ") + word
            } else {
                lines.append(current)
                current = leading + word
            }
        }
        return lines + [current]
    }

    /// A two-column entry: `  left` padded to ``column``, then the text; continuation lines of
    /// the text are indented to the column.
    static func entry(_ left: String, _ text: String) -> [String] {
        let indent = String(repeating: " ", count: column)
        let textLines = flowed(text, width: width - column)
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
