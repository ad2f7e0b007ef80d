import ArgumentParsing
import TodoModel

extension TodoInvocation {
    /// Todo numbers the commands accept (the numbers `todo list` shows).
    static let numberRange: ClosedRange<Int> = 1...1_000_000

    /// Parses a `todo` command line (without the program name) with the package's one grammar
    /// (declared in `TodoHelp.declaration`).
    ///
    /// Options may come before or after the command: `--file PATH` (or `--file=PATH`), `--help`
    /// (`-h`), `--version`. A `--` ends the options, so a title may start with a dash. A title may
    /// be one quoted argument or several words. A pure function (no I/O, no exit), the entry point
    /// the fuzzer drives.
    ///
    /// - Throws: ``TodoCommandError`` (exit status 2) with a one-line message naming the mistake.
    public static func parse(_ arguments: [String]) throws(TodoCommandError) -> TodoInvocation {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: TodoHelp.declaration)
        } catch {
            throw .usage(error.message)
        }
        switch parsed.request {
        case .help: return TodoInvocation(request: .help)
        case .version: return TodoInvocation(request: .version)
        case .run: break
        }
        var filePath: String?
        if let path = parsed.value("--file") {
            guard !path.isEmpty else { throw .usage("--file needs a path, e.g. --file ~/todo.json") }
            guard !path.unicodeScalars.contains(where: { $0.value == 0 }) else {
                throw .usage("--file can't contain a NUL character: \(Quoting.quoted(path))")
            }
            filePath = path
        }
        let request = try parseRequest(parsed.subcommand, parsed.positionals[...])
        return TodoInvocation(request: request, filePath: filePath)
    }

    private static func parseRequest(_ name: String?, _ words: ArraySlice<String>) throws(TodoCommandError)
        -> TodoRequest
    {
        var words = words
        guard let name else { return .interactive }
        switch name {
        case "add":
            return .add(title: try title(words, for: "add", example: "todo add \"Buy milk\""))
        case "list":
            try expectNothing(words, after: name)
            return .list
        case "done":
            return .done(number: try onlyNumber(words, for: name))
        case "undone":
            return .undone(number: try onlyNumber(words, for: name))
        case "remove":
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
            preconditionFailure("Internal inconsistency: declared command \(name) has no parser")
        }
    }

    private static func title(
        _ words: ArraySlice<String>, for command: String, example: String
    ) throws(TodoCommandError) -> String {
        let title = TodoTitle.normalized(words.joined(separator: " "))
        guard !title.isEmpty else {
            throw .usage("\"\(command)\" needs a title that isn't empty, e.g. \(example)")
        }
        if let problem = TodoTitle.problem(with: title) { throw .usage("\(problem); shorten it") }
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
                "\"\(command)\" needs the todo's number, e.g. todo \(command) 2 (\"todo list\" shows the numbers)"
            )
        }
        do {
            return try NumberParsing.integer(word, for: "\"\(command)\"", in: numberRange)
        } catch {
            throw .usage(error.message + "; \"todo list\" shows the numbers")
        }
    }

    private static func expectNothing(_ words: ArraySlice<String>, after command: String)
        throws(TodoCommandError)
    {
        if let extra = words.first {
            throw .usage("unexpected \(Quoting.quoted(extra)) after \"\(command)\"")
        }
    }
}
