import ArgumentParsing
import Foundation
import ReSwiftDevTools

/// The command line of `reswift-inspect`: parses, runs the subcommand, returns the exit status.
enum InspectCommandLine {
    static let declaration = CommandDeclaration(
        name: "reswift-inspect",
        summary: "Watch a running ReSwift app's actions and state, record them, turn them into a test",
        usage: [
            "list",
            "tail <pid|app> [--format text|jsonl]",
            "record <pid|app> --to <session.jsonl>",
            "gen-test <session.jsonl> --reducer <name> [--module <name>] [--to <file.swift>]",
        ],
        discussion: """
            An app is inspectable while it runs with RESWIFT_INSPECT=1 and installs \
            createInspectorMiddleware(app:) in its store. Apps listen on a Unix domain socket in a \
            folder only you can open; only your own user can attach.
            """,
        subcommands: [
            SubcommandDeclaration("list", help: "List the inspectable apps (app, pid, started)"),
            SubcommandDeclaration(
                "tail", arguments: "<pid|app>", help: "Print each action as it happens, until the app ends"),
            SubcommandDeclaration(
                "record", arguments: "<pid|app>", help: "Write the initial state and each action to --to"),
            SubcommandDeclaration(
                "gen-test", arguments: "<session.jsonl>",
                help: "Write a Swift Testing test that replays a recorded session into a TestStore"),
        ],
        acceptsPositionals: true,
        options: [
            .value(
                "--format", placeholder: "text|jsonl",
                help: "tail: one line per action (text), or the protocol's events"),
            .value(
                "--to", placeholder: "file",
                help: "record: the session file; gen-test: the test file (else stdout)"),
            .value("--reducer", placeholder: "name", help: "gen-test: the app's reducer function"),
            .value(
                "--module", placeholder: "name", help: "gen-test: the module to import (default: the state's)"
            ),
            .value("--socket", placeholder: "path", help: "tail, record: connect to this socket instead"),
        ],
        environment: [
            EnvironmentDeclaration(
                "XDG_RUNTIME_DIR", help: "Where the apps' sockets are (reswift-inspect/); else TMPDIR"),
            EnvironmentDeclaration(
                "TMPDIR", help: "Where the sockets are without XDG_RUNTIME_DIR (reswift-inspect-<uid>/)"),
        ],
        failureMeaning: "the app could not be found or reached, or a file could not be read or written"
    )

    static func main(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: declaration)
        } catch {
            standardError(error.report(for: declaration))
            return ExitStatus.usage
        }
        switch parsed.request {
        case .help:
            print(HelpFormatter.help(for: declaration))
            return ExitStatus.success
        case .version:
            print(PackageVersion.line(for: declaration.name))
            return ExitStatus.success
        case .run:
            break
        }
        do {
            return try run(parsed, environment: environment)
        } catch let error as UsageError {
            standardError(error.report(for: declaration))
            return ExitStatus.usage
        } catch {
            standardError("reswift-inspect: \(error)")
            return ExitStatus.failure
        }
    }

    private static func run(_ parsed: ParsedArguments, environment: [String: String]) throws -> Int32 {
        guard let subcommand = parsed.subcommand else {
            throw UsageError("Say what to do: list, tail, record or gen-test.")
        }
        switch subcommand {
        case "list":
            try expectPositionals(parsed, count: 0, what: "list takes no arguments")
            for line in try ListCommand.lines(environment: environment) { print(line) }
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
                print(source, terminator: "")
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

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Writes a line to standard output at once, so a pipe sees each event as it happens.
func standardOutput(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
