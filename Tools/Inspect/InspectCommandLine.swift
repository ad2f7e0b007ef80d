import ArgumentParsing
import Foundation
import ReSwiftDevTools
import TerminalUI

/// The command line of `reswift-inspect`: parses, runs the subcommand, returns the exit status.
enum InspectCommandLine {
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
                "record", arguments: "<pid|app>", help: "Write the initial state and each action to --to"),
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
                help: "record: the session file; gen-test: the test file\n(else stdout)"),
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
                "XDG_RUNTIME_DIR", help: "Where the apps' sockets are (reswift-inspect/);\nelse TMPDIR"),
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

    /// What the command line asks for: an exit status now, or the interactive inspector.
    enum Plan: Equatable {
        case exit(Int32)
        case inspect(socketPath: String)
    }

    static func main(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        switch plan(arguments: arguments, environment: environment) {
        case .exit(let status):
            return status
        case .inspect(let socketPath):
            do {
                return try await InspectorApp.run(socketPath: socketPath, environment: environment)
            } catch {
                standardError("reswift-inspect: \(error)")
                return ExitStatus.failure
            }
        }
    }

    /// Runs a subcommand, or finds the app the interactive inspector is to attach to.
    static func plan(arguments: [String], environment: [String: String]) -> Plan {
        if isInteractive(arguments) {
            do {
                let parsed = try ArgumentParser.parse(arguments, for: interactiveDeclaration)
                return .inspect(
                    socketPath: try socketPath(parsed, environment: environment, subcommand: "the inspector"))
            } catch let error as UsageError {
                return .exit(usage(error, for: interactiveDeclaration))
            } catch ProcessLookupError.noApp(let name) {
                // The word was read as an app's name; it may be a mistyped command.
                let commands = declaration.subcommands.flatMap { [$0.name] + $0.aliases }
                if let near = NearMiss.suggestion(for: name, among: commands) {
                    let message =
                        "unknown command \(Quoting.quoted(name)), and no inspectable app has that name; "
                        + "did you mean \(near)?"
                    return .exit(usage(UsageError(message), for: declaration))
                }
                standardError(
                    "reswift-inspect: \(ProcessLookupError.noApp(name)) (The commands are list, tail, record and "
                        + "gen-test; anything else names an app.)")
                return .exit(ExitStatus.failure)
            } catch {
                standardError("reswift-inspect: \(error)")
                return .exit(ExitStatus.failure)
            }
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: declaration)
        } catch {
            return .exit(usage(error, for: declaration))
        }
        switch parsed.request {
        case .help:
            standardOutput(HelpFormatter.help(for: declaration))
            return .exit(ExitStatus.success)
        case .version:
            standardOutput(PackageVersion.line(for: declaration.name))
            return .exit(ExitStatus.success)
        case .run:
            break
        }
        do {
            return .exit(try run(parsed, environment: environment))
        } catch let error as UsageError {
            return .exit(usage(error, for: declaration))
        } catch {
            standardError("reswift-inspect: \(error)")
            return .exit(ExitStatus.failure)
        }
    }

    /// Prints a usage error as every program does (its report ends with the help hint's line
    /// break, no blank line after it) and returns the usage exit status.
    private static func usage(_ error: UsageError, for command: CommandDeclaration) -> Int32 {
        ProgramOutput.error(error.report(for: command))
        return ExitStatus.usage
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

    private static func isSubcommand(_ word: String) -> Bool {
        declaration.subcommands.contains { $0.name == word || $0.aliases.contains(word) }
    }

    private static func run(_ parsed: ParsedArguments, environment: [String: String]) throws -> Int32 {
        guard let subcommand = parsed.subcommand else {
            throw UsageError("Say what to do: list, tail, record or gen-test.")
        }
        switch subcommand {
        case "list":
            try expectPositionals(parsed, count: 0, what: "list takes no arguments")
            for line in try ListCommand.lines(environment: environment) { standardOutput(line) }
            return ExitStatus.success
        case "tail":
            let format = parsed.value("--format") ?? "text"
            guard format == "text" || format == "jsonl" else {
                throw UsageError("--format must be text or jsonl, not \(Quoting.quoted(format)).")
            }
            let socket = try socketPath(parsed, environment: environment, subcommand: "tail")
            return try StreamCommand.tail(socketPath: socket, jsonLines: format == "jsonl")
        case "record":
            guard let file = parsed.value("--to") else {
                throw UsageError("record needs --to <session.jsonl>, the file to write.")
            }
            let socket = try socketPath(parsed, environment: environment, subcommand: "record")
            return try StreamCommand.record(socketPath: socket, to: file)
        case "gen-test":
            try expectPositionals(parsed, count: 1, what: "gen-test needs one session file")
            guard let reducer = parsed.value("--reducer") else {
                throw UsageError(
                    "gen-test needs --reducer <name>, the app's reducer function (e.g. todoAppReducer).")
            }
            let session = try SessionFile(contentsOf: parsed.positionals[0])
            let source = try TestGenerator(
                session: session, reducer: reducer, module: parsed.value("--module")
            )
            .source()
            if let output = parsed.value("--to") {
                try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                standardError("Wrote \(output): \(session.actions.count) recorded actions.")
            } else {
                ProgramOutput.output(source)
            }
            return ExitStatus.success
        default:
            throw UsageError("Unknown subcommand \(Quoting.quoted(subcommand)).")
        }
    }

    private static func expectPositionals(_ parsed: ParsedArguments, count: Int, what: String) throws {
        guard parsed.positionals.count == count else { throw UsageError("\(what).") }
    }

    /// The socket of the app the positional argument names, or `--socket`.
    private static func socketPath(
        _ parsed: ParsedArguments, environment: [String: String], subcommand: String
    ) throws -> String {
        if let socket = parsed.value("--socket") {
            try expectPositionals(parsed, count: 0, what: "\(subcommand) takes --socket or an app, not both")
            return socket
        }
        try expectPositionals(parsed, count: 1, what: "\(subcommand) needs one app: a pid or an app name")
        return try ProcessFinder.find(parsed.positionals[0], environment: environment).socketPath
    }
}

/// Writes a line to standard error through the package's one output path: control characters
/// (from a path, an argument, a session file or the socket) shown as placeholders, and a failed
/// write turned into exit status 1.
func standardError(_ text: String) {
    ProgramOutput.error(text + "\n")
}

/// Writes a line to standard output at once, so a pipe sees each event as it happens.
func standardOutput(_ text: String) {
    ProgramOutput.output(text + "\n")
}
