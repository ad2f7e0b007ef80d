extension TodoInvocation {
    /// Parses a `todo` command line (without the program name).
    ///
    /// Options may come before or after the command: `--file PATH` (or `--file=PATH`), `--help`
    /// (`-h`), `--version`. A `--` ends the options, so a title may start with a dash. A title may
    /// be one quoted argument or several words.
    ///
    /// - Throws: ``TodoCommandError`` (exit status 2) with a one-line message naming the mistake.
    public static func parse(_ arguments: [String]) throws(TodoCommandError) -> TodoInvocation {
        var positional: [String] = []
        var filePath: String?
        var wantsHelp = false
        var wantsVersion = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positional += remaining
                break
            }
            if argument == "--file" {
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    throw .usage("--file needs a path, e.g. --file ~/todo.json")
                }
                filePath = path
            } else if argument.hasPrefix("--file=") {
                let path = String(argument.dropFirst("--file=".count))
                guard !path.isEmpty else { throw .usage("--file needs a path, e.g. --file=~/todo.json") }
                filePath = path
            } else if argument == "--help" || argument == "-h" {
                wantsHelp = true
            } else if argument == "--version" {
                wantsVersion = true
            } else if argument.hasPrefix("-") && argument.count > 1 && Int(argument) == nil {
                throw .usage("unknown option '\(argument)'; run 'todo --help' for the options")
            } else {
                positional.append(argument)
            }
        }
        if wantsHelp { return TodoInvocation(command: .help, filePath: filePath) }
        if wantsVersion { return TodoInvocation(command: .version, filePath: filePath) }
        return TodoInvocation(command: try parseCommand(positional[...]), filePath: filePath)
    }

    private static func parseCommand(_ words: ArraySlice<String>) throws(TodoCommandError) -> TodoCommand {
        var words = words
        guard let name = words.popFirst() else { return .interactive }
        switch name {
        case "add":
            return .add(title: try title(words, for: "add", example: "todo add \"Buy milk\""))
        case "list", "ls":
            try expectNothing(words, after: name)
            return .list
        case "done":
            return .done(number: try onlyNumber(words, for: name))
        case "undone":
            return .undone(number: try onlyNumber(words, for: name))
        case "remove", "rm":
            return .remove(number: try onlyNumber(words, for: name))
        case "edit":
            let number = try self.number(words.popFirst(), for: name)
            return .edit(
                number: number, title: try title(words, for: "edit", example: "todo edit 2 \"Buy oat milk\""))
        case "clear-done":
            try expectNothing(words, after: name)
            return .clearDone
        case "undo":
            try expectNothing(words, after: name)
            return .undo
        case "reset-file":
            try expectNothing(words, after: name)
            return .resetFile
        case "help":
            return .help
        default:
            throw .usage(
                "unknown command '\(name)'; the commands are add, list, done, undone, edit, remove, "
                    + "clear-done, undo, reset-file (run 'todo --help')")
        }
    }

    private static func title(
        _ words: ArraySlice<String>, for command: String, example: String
    ) throws(TodoCommandError) -> String {
        let title = TodoTitle.normalized(words.joined(separator: " "))
        guard !title.isEmpty else {
            throw .usage("'\(command)' needs a title that isn't empty, e.g. \(example)")
        }
        return title
    }

    private static func onlyNumber(_ words: ArraySlice<String>, for command: String) throws(TodoCommandError)
        -> Int
    {
        var words = words
        let number = try self.number(words.popFirst(), for: command)
        try expectNothing(words, after: "\(command) \(number)")
        return number
    }

    private static func number(_ word: String?, for command: String) throws(TodoCommandError) -> Int {
        guard let word else {
            throw .usage(
                "'\(command)' needs the todo's number, e.g. todo \(command) 2 ('todo list' shows the numbers)"
            )
        }
        guard let number = Int(word) else {
            throw .usage(
                "'\(word)' is not a todo number; use a number that 'todo list' shows, e.g. todo \(command) 2")
        }
        guard number >= 1 else {
            throw .usage("there is no todo number \(number); numbers start at 1 ('todo list' shows them)")
        }
        return number
    }

    private static func expectNothing(_ words: ArraySlice<String>, after command: String)
        throws(TodoCommandError)
    {
        if let extra = words.first {
            throw .usage("unexpected '\(extra)' after '\(command)'; run 'todo --help' for the usage")
        }
    }
}
