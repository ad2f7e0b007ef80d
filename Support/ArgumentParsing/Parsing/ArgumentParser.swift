/// The one command-line grammar of every executable in the package.
///
/// - `--opt value` and `--opt=value`; a flag takes no value (`--offline=yes` is refused).
/// - An option may be given once unless it is declared repeatable.
/// - A value that looks like an option is refused (`--pref --city X` → "--pref needs a value");
///   write `--pref=-x` for a value that starts with a dash. Negative numbers (`-1`, `-70.5,40`)
///   are values.
/// - `--` ends the options: everything after it is positional (`todo add -- "-urgent"`).
/// - Options may come before or after a subcommand.
/// - `--help`/`-h` and `--version` win: wherever they appear among the options, the program
///   prints its help (or version) and exits 0, whatever else is on the line; help wins over
///   version.
/// - `help` as the first word asks for the help like `--help`, in every program that has
///   commands or takes no words; `help COMMAND` (like `COMMAND --help`) names the command, so a
///   program with a help of its own per command can print it.
/// - Unknown options and subcommands are refused with a suggestion for a near miss
///   ("did you mean --city?"), and, where positionals are accepted, with the `--` hint.
public enum ArgumentParser {
    /// Reads `arguments` (without the program name) against `command`.
    ///
    /// A pure function: no I/O, no exit; the same input always gives the same result.
    ///
    /// - Returns: The request, subcommand, positionals and option values.
    /// - Throws: ``UsageError`` saying what was wrong.
    public static func parse(_ arguments: [String], for command: CommandDeclaration) throws(UsageError)
        -> ParsedArguments
    {
        if let request = helpOrVersion(in: arguments, for: command) {
            let first = arguments.first.flatMap { findSubcommand($0, in: command)?.name }
            return ParsedArguments(request: request, subcommand: request == .help ? first : nil)
        }
        var result = ParsedArguments()
        var words: [String] = []
        var wordsBeforeOptionsEnded = 0
        var optionsEnded = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded {
                words.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if isOptionLike(argument), !(acceptsWords(command) && isNegativeNumber(argument)) {
                let (name, inlineValue) = split(argument)
                guard let option = find(name, in: command) else {
                    throw unknownOption(argument, name: name, command: command, words: words)
                }
                if result.values[option.name] != nil, !option.isRepeatable {
                    throw UsageError("\(option.name) may be given only once")
                }
                guard option.takesValue else {
                    if inlineValue != nil { throw UsageError("\(option.name) takes no value") }
                    result.values[option.name, default: []].append("")
                    continue
                }
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.endIndex, !looksLikeOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else {
                    throw missingValue(option, next: index < arguments.endIndex ? arguments[index] : nil)
                }
                result.values[option.name, default: []].append(value)
            } else {
                words.append(argument)
            }
            if !optionsEnded { wordsBeforeOptionsEnded = words.count }
        }
        if wordsBeforeOptionsEnded > 0, words.first == "help",
            !command.subcommands.isEmpty || !command.acceptsPositionals
        {
            return try help(about: words.dropFirst(), for: command)
        }
        var positionals = words[...]
        if !command.subcommands.isEmpty, let first = positionals.first {
            guard let subcommand = findSubcommand(first, in: command) else {
                throw unknownSubcommand(first, command: command)
            }
            result.subcommand = subcommand.name
            positionals.removeFirst()
        }
        if !command.acceptsPositionals, let extra = positionals.first {
            let after = result.subcommand.map { "\"\(command.name) \($0)\" takes" } ?? "\(command.name) takes"
            let what = command.subcommands.isEmpty ? "options only" : "no further arguments"
            throw UsageError("unexpected argument \(Quoting.quoted(extra)); \(after) \(what)")
        }
        result.positionals = Array(positionals)
        return result
    }

    /// `help [COMMAND]`: the help, about `COMMAND` when one is named.
    private static func help(about words: ArraySlice<String>, for command: CommandDeclaration)
        throws(UsageError)
        -> ParsedArguments
    {
        guard let topic = words.first else { return ParsedArguments(request: .help) }
        guard !command.subcommands.isEmpty else {
            throw UsageError(
                "unexpected argument \(Quoting.quoted(topic)); \"\(command.name) help\" takes no command")
        }
        guard let subcommand = findSubcommand(topic, in: command), subcommand.name != "help" else {
            throw unknownSubcommand(topic, command: command)
        }
        if let extra = words.dropFirst().first {
            throw UsageError(
                "unexpected argument \(Quoting.quoted(extra)); \"\(command.name) help\" takes one command at most"
            )
        }
        return ParsedArguments(request: .help, subcommand: subcommand.name)
    }

    /// `.help` or `.version` when either appears among the options (before `--`, and not as the
    /// inline value of another option).
    private static func helpOrVersion(in arguments: [String], for command: CommandDeclaration)
        -> ParsedArguments.Request?
    {
        var wantsVersion = false
        for argument in arguments {
            if argument == "--" { break }
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { wantsVersion = true }
        }
        return wantsVersion ? .version : nil
    }

    /// Whether the program takes words that aren't options (a subcommand or positionals).
    private static func acceptsWords(_ command: CommandDeclaration) -> Bool {
        command.acceptsPositionals || !command.subcommands.isEmpty
    }

    /// `-x`, `--x`, `--x=y`: starts with a dash and is more than a dash.
    static func isOptionLike(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1
    }

    /// Whether a word after a value-taking option is refused as its value: it looks like an
    /// option and isn't a negative number.
    static func looksLikeOption(_ argument: String) -> Bool {
        isOptionLike(argument) && !isNegativeNumber(argument)
    }

    /// `-1`, `-0.5`, `-.5`, `-70.5,40`: a dash followed by an ASCII digit, or by a point and one.
    static func isNegativeNumber(_ argument: String) -> Bool {
        let scalars = Array(argument.unicodeScalars.prefix(3))
        guard scalars.count >= 2, scalars[0] == "-" else { return false }
        if isASCIIDigit(scalars[1]) { return true }
        return scalars.count == 3 && scalars[1] == "." && isASCIIDigit(scalars[2])
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func find(_ name: String, in command: CommandDeclaration) -> OptionDeclaration? {
        command.allOptions.first { $0.name == name || $0.shortName == name }
    }

    private static func findSubcommand(_ name: String, in command: CommandDeclaration)
        -> SubcommandDeclaration?
    {
        command.subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    private static func missingValue(_ option: OptionDeclaration, next: String?) -> UsageError {
        var message = "\(option.name) needs a value"
        if case .value(let placeholder) = option.kind { message += " (\(option.name) \(placeholder))" }
        if let next {
            message +=
                "; \(Quoting.quoted(next)) looks like an option. For a value that starts with \"-\", "
                + "write \(option.name)=VALUE"
        }
        return UsageError(message)
    }

    private static func unknownOption(
        _ argument: String, name: String, command: CommandDeclaration, words: [String]
    ) -> UsageError {
        var message = "unknown option \(Quoting.quoted(name))"
        let names = command.allOptions.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        if let near = NearMiss.suggestion(for: name, among: names) {
            message += "; did you mean \(near)?"
        }
        if command.acceptsPositionals {
            let subcommand = words.first.flatMap { findSubcommand($0, in: command)?.name }
            message += message.hasSuffix("?") ? " To use it as text" : "; to use it as text"
            if subcommand == nil, let takingText = command.subcommands.first(where: { !$0.arguments.isEmpty })
            {
                // Before any command, a word after -- would be read as the command.
                message +=
                    ", give a command first: \(command.name) \(takingText.name) -- \(Quoting.quoted(argument))"
            } else {
                let prefix = ([command.name] + (subcommand.map { [$0] } ?? [])).joined(separator: " ")
                message += ", put -- before it: \(prefix) -- \(Quoting.quoted(argument))"
            }
        }
        return UsageError(message)
    }

    private static func unknownSubcommand(_ word: String, command: CommandDeclaration) -> UsageError {
        // A negative number where the command goes (`-1`) was kept as a word for positionals that
        // take one; no command starts with a dash, so it is an unknown option, not a command.
        var message = "unknown \(isOptionLike(word) ? "option" : "command") \(Quoting.quoted(word))"
        let names = command.subcommands.flatMap { [$0.name] + $0.aliases }
        if !isOptionLike(word), let near = NearMiss.suggestion(for: word, among: names) {
            message += "; did you mean \(near)?"
        } else {
            message += "; the commands are " + command.subcommands.map(\.name).joined(separator: ", ")
        }
        return UsageError(message)
    }
}
