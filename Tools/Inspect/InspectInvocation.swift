import ArgumentParsing
import Foundation

/// What `reswift-inspect`'s command line asks for: the parsed command line, which
/// ``InspectCommand`` runs.
enum InspectInvocation: Equatable, Sendable {
    /// The app a command attaches to.
    enum Target: Equatable, Sendable {
        /// The socket `--socket` names.
        case socket(String)
        /// A pid or an app name, looked up among the inspectable processes.
        case app(String)
    }

    /// Print the help.
    case help
    /// Print the version.
    case version
    /// Open the interactive inspector on the app.
    case inspect(Target)
    /// List the inspectable apps.
    case list
    /// Print each action of the app as it happens: a line of text, or the protocol's events.
    case tail(Target, jsonLines: Bool)
    /// Write the app's initial state and actions to a session file.
    case record(Target, to: String)
    /// Write a test that replays a session file into a TestStore, to a file or standard output.
    case genTest(session: String, reducer: String, module: String?, to: String?)
}

/// Reading `reswift-inspect`'s arguments with the package's one grammar.
extension InspectInvocation {
    static let declaration = CommandDeclaration(
        name: "reswift-inspect",
        summary: "Watch a running ReSwift app's actions and state, record them",
        usage: [
            "<pid|app>",
            "--socket <path>",
            "list",
            "tail <pid|app> [--format text|jsonl]",
            "record <pid|app> --to <session.jsonl>",
            "gen-test <session.jsonl> --reducer <name> [--module, --to]",
        ],
        discussion: """
            An app is inspectable while it runs with RESWIFT_INSPECT=1 and installs
            createInspectorMiddleware(app:) in its store. Apps listen on a Unix domain
            socket in a folder only you can open; only your own user can attach. Given
            only an app, reswift-inspect opens the interactive inspector: the app's
            actions, the selected action's diff, and its state as a tree. gen-test turns
            a recorded session into a test.
            """,
        subcommands: [
            SubcommandDeclaration("list", help: "List the inspectable apps (app, pid, started)"),
            SubcommandDeclaration(
                "tail", arguments: "<pid|app>", help: "Print each action as it happens, until the app ends"),
            SubcommandDeclaration(
                "record", arguments: "<pid|app>",
                help:
                    "Write the initial state and each action to --to,\nuntil the app ends or Ctrl-C stops it"),
            SubcommandDeclaration(
                "gen-test", arguments: "<session.jsonl>",
                help: "Write a Swift Testing test that replays a recorded\nsession into a TestStore"),
        ],
        acceptsPositionals: true,
        options: [
            .value(
                "--format", placeholder: "text|jsonl",
                help: "tail: one line per action (text), or the protocol's\nevents"),
            .value(
                "--to", placeholder: "file",
                help: "record: the session file; gen-test: the test file\n(- or none: stdout)"),
            .value("--reducer", placeholder: "name", help: "gen-test: the app's reducer function"),
            .value(
                "--module", placeholder: "name",
                help: "gen-test: the module to import (default: the\nstate's)"),
            .value(
                "--socket", placeholder: "path",
                help: "the inspector, tail, record: connect to this socket\ninstead"),
        ],
        environment: [
            EnvironmentDeclaration(
                "XDG_RUNTIME_DIR",
                help: "Where the apps' sockets are (reswift-inspect/), when\nan absolute path; else TMPDIR"),
            EnvironmentDeclaration(
                "TMPDIR",
                help:
                    "Where the sockets are without XDG_RUNTIME_DIR\n(reswift-inspect-<uid>/); /tmp is searched too"
            ),
        ],
        sections: [
            HelpSection(
                "KEYS (the interactive inspector)",
                """
                Up/Down, j/k, PgUp/PgDn, Home/End  select an action (End follows the newest)
                /            filter the actions by type (Enter keeps it, Esc clears it)
                Tab          switch between the action list and the state tree
                Enter Right Left  expand and collapse the state tree's nodes
                Space, p     pause or resume the app's stream
                r            ask the app for its state again
                t, b         time travel to the selected action's state, and back (apps whose
                             reducer is wrapped in timeTravelReducer)
                q            quit (exit 0); Ctrl-C quits with exit status 130
                """)
        ],
        failureMeaning: "the app could not be found or reached, or a file could not be read or written",
        usageCauses: ["a mistyped command that names no app either (a near miss of a command)"])

    /// The interactive form, `reswift-inspect <pid|app>`: no subcommand, one app.
    static let interactiveDeclaration = CommandDeclaration(
        name: declaration.name, summary: declaration.summary, usage: declaration.usage,
        acceptsPositionals: true,
        options: declaration.options.filter { $0.name == "--socket" },
        failureMeaning: declaration.failureMeaning, usageCauses: declaration.usageCauses)

    /// Parses the arguments (without the program name). A pure function (no I/O, no exit).
    ///
    /// - Throws: ``UsageError`` naming the bad argument and how to fix it.
    static func parse(_ arguments: [String]) throws(UsageError) -> InspectInvocation {
        if isInteractive(arguments) {
            let parsed = try ArgumentParser.parse(arguments, for: interactiveDeclaration)
            // `tial todo`: a mistyped command before an app, not two apps.
            if parsed.positionals.count > 1,
                let near = NearMiss.suggestion(for: parsed.positionals[0], among: commandNames)
            {
                throw UsageError(
                    "unknown command \(Quoting.quoted(parsed.positionals[0])); did you mean \(near)?")
            }
            return .inspect(try target(parsed, subcommand: "the inspector"))
        }
        let parsed = try ArgumentParser.parse(arguments, for: declaration)
        switch parsed.request {
        case .help: return .help
        case .version: return .version
        case .run: break
        }
        guard let subcommand = parsed.subcommand else {
            throw UsageError("say what to do: list, tail, record or gen-test")
        }
        switch subcommand {
        case "list":
            try expectPositionals(parsed, count: 0, what: "list takes no arguments")
            return .list
        case "tail":
            let format = parsed.value("--format") ?? "text"
            guard format == "text" || format == "jsonl" else {
                throw UsageError("--format must be text or jsonl, not \(Quoting.quoted(format))")
            }
            return .tail(try target(parsed, subcommand: "tail"), jsonLines: format == "jsonl")
        case "record":
            guard let file = parsed.value("--to") else {
                throw UsageError("record needs --to <session.jsonl>, the file to write")
            }
            return .record(try target(parsed, subcommand: "record"), to: file)
        case "gen-test":
            try expectPositionals(parsed, count: 1, what: "gen-test needs one session file")
            guard let reducer = parsed.value("--reducer") else {
                throw UsageError(
                    "gen-test needs --reducer <name>, the app's reducer function (e.g. todoAppReducer).")
            }
            return .genTest(
                session: parsed.positionals[0], reducer: reducer, module: parsed.value("--module"),
                to: parsed.value("--to"))
        default:
            throw UsageError("unknown command \(Quoting.quoted(subcommand))")
        }
    }

    /// Whether the arguments ask for the interactive inspector rather than a subcommand: their
    /// first word (skipping options and the values of those that take one) is not a subcommand,
    /// or there is no word but a `--socket`; and they don't ask for help or the version.
    static func isInteractive(_ arguments: [String]) -> Bool {
        var index = arguments.startIndex
        var hasSocket = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                return index < arguments.endIndex ? !isSubcommand(arguments[index]) : hasSocket
            }
            if argument == "--help" || argument == "-h" || argument == "--version" { return false }
            if argument.hasPrefix("-") && argument.count > 1 {
                if argument == "--socket" || argument.hasPrefix("--socket=") { hasSocket = true }
                let takesValue = declaration.options.contains { $0.name == argument && $0.kind != .flag }
                if takesValue { index += 1 }
                continue
            }
            return !isSubcommand(argument)
        }
        return hasSocket
    }

    /// The names a command may be called by, to find a near miss among.
    static var commandNames: [String] { declaration.subcommands.flatMap { [$0.name] + $0.aliases } }

    /// A command, or `help` (`help [COMMAND]` is every program's help).
    private static func isSubcommand(_ word: String) -> Bool {
        commandNames.contains(word) || word == "help"
    }

    private static func expectPositionals(_ parsed: ParsedArguments, count: Int, what: String)
        throws(UsageError)
    {
        guard parsed.positionals.count == count else { throw UsageError(what) }
    }

    /// The app `--socket` or the positional argument names.
    private static func target(_ parsed: ParsedArguments, subcommand: String) throws(UsageError) -> Target {
        if let socket = parsed.value("--socket") {
            try expectPositionals(parsed, count: 0, what: "\(subcommand) takes --socket or an app, not both")
            return .socket(socket)
        }
        try expectPositionals(parsed, count: 1, what: "\(subcommand) needs one app: a pid or an app name")
        return .app(parsed.positionals[0])
    }
}
