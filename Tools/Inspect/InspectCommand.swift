import ArgumentParsing
import Foundation
import ReSwiftDevTools
import TerminalUI

/// The `reswift-inspect` program: reads the command line (``InspectInvocation``), runs it, and
/// returns the exit status.
enum InspectCommand {
    /// Runs `reswift-inspect` with the arguments after the program name.
    ///
    /// - Returns: The exit status: 0 done, 1 the app could not be found or reached or a file could
    ///   not be used, 2 a usage error, 130 the interactive inspector was interrupted.
    static func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        let invocation: InspectInvocation
        do {
            invocation = try InspectInvocation.parse(arguments)
        } catch {
            return usage(error)
        }
        do {
            switch invocation {
            case .help:
                ProgramOutput.output(HelpFormatter.help(for: InspectInvocation.declaration))
                return ExitStatus.success
            case .version:
                standardOutput(PackageVersion.line(for: InspectInvocation.declaration.name))
                return ExitStatus.success
            case .inspect(let target):
                let socket: String
                do {
                    socket = try socketPath(target, environment: environment)
                } catch ProcessLookupError.noApp(let name) {
                    return noApp(name)
                }
                return try await InspectorApp.run(socketPath: socket, environment: environment)
            case .list:
                for line in try ListCommand.lines(environment: environment) { standardOutput(line) }
                return ExitStatus.success
            case .tail(let target, let jsonLines):
                let socket = try socketPath(target, environment: environment)
                return try StreamCommand.tail(socketPath: socket, jsonLines: jsonLines)
            case .record(let target, let file):
                let socket = try socketPath(target, environment: environment)
                return try StreamCommand.record(socketPath: socket, to: file)
            case .genTest(let sessionPath, let reducer, let module, let output):
                let session = try SessionFile(contentsOf: sessionPath)
                for note in session.notes { standardError("reswift-inspect: " + note) }
                let source = try TestGenerator(session: session, reducer: reducer, module: module).source()
                if let output, output != "-" {
                    try UserFiles.replace(output, with: source.utf8, contents: "the test")
                    standardError("Wrote \(output): \(session.actions.count) recorded actions.")
                } else {
                    ProgramOutput.output(source)
                }
                return ExitStatus.success
            }
        } catch {
            standardError("reswift-inspect: \(error)")
            return ExitStatus.failure
        }
    }

    /// The interactive inspector's word names no app: a usage error when it is a near miss of a
    /// command (`lsit`), else the lookup's failure with a reminder of the commands.
    private static func noApp(_ name: String) -> Int32 {
        if let near = NearMiss.suggestion(for: name, among: InspectInvocation.commandNames) {
            let message =
                "unknown command \(Quoting.quoted(name)), and no inspectable app has that name; "
                + "did you mean \(near)?"
            return usage(UsageError(message))
        }
        standardError(
            "reswift-inspect: \(ProcessLookupError.noApp(name)) (The commands are list, tail, record and "
                + "gen-test; anything else names an app.)")
        return ExitStatus.failure
    }

    /// Prints a usage error as every program does (its report ends with the help hint's line
    /// break, no blank line after it) and returns the usage exit status.
    private static func usage(_ error: UsageError) -> Int32 {
        ProgramOutput.error(error.report(for: InspectInvocation.declaration))
        return ExitStatus.usage
    }

    /// The socket of the app `target` names.
    private static func socketPath(_ target: InspectInvocation.Target, environment: [String: String]) throws
        -> String
    {
        switch target {
        case .socket(let path): return path
        case .app(let name): return try ProcessFinder.find(name, environment: environment).socketPath
        }
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
