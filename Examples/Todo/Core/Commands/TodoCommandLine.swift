import Foundation
import ReSwift
import ReSwiftPersistence
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `todo` program: parses the command line, finds the file, runs the command.
@MainActor
public enum TodoCommandLine {
    /// Runs `todo` with `arguments` (without the program name) and returns the exit status:
    /// 0 when the command ran, 1 when it couldn't be carried out, 2 for a command-line mistake.
    ///
    /// Output goes to standard output, one-line errors (prefixed `todo: `) to standard error. Both
    /// are shown through `TerminalText`: a control character in a title or a path is printed as
    /// a visible placeholder, never sent to the terminal.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - environment: The environment (`TODO_FILE`, `XDG_DATA_HOME`, `HOME`).
    /// - Returns: The exit status.
    public static func main(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        run(
            arguments: arguments,
            environment: environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            isInteractiveTerminal: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1,
            output: { print(TerminalText.sanitized($0, layout: .multiline)) },
            errorOutput: {
                FileHandle.standardError.write(
                    Data("\(TerminalText.sanitized($0, layout: .multiline))\n".utf8))
            }
        )
    }

    /// ``main(arguments:environment:)`` with its surroundings passed in, for tests.
    static func run(
        arguments: [String],
        environment: [String: String],
        currentDirectory: String,
        isInteractiveTerminal: Bool,
        output: (String) -> Void,
        errorOutput: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        let invocation: TodoInvocation
        do {
            invocation = try TodoInvocation.parse(arguments)
        } catch {
            errorOutput("todo: \(error.message)")
            return error.exitStatus
        }
        switch invocation.command {
        case .help:
            output(TodoHelp.usage)
            return 0
        case .version:
            output(TodoHelp.version)
            return 0
        default:
            break
        }
        let url = TodoFileLocation.resolve(
            filePath: invocation.filePath, environment: environment, currentDirectory: currentDirectory,
            defaultURL: { TodoFile.defaultURL(environment: environment) })
        let file = TodoFile(url: url) { problem in errorOutput("todo: \(problem.message)") }
        do {
            try TodoFileLocation.checkUsable(url)
            switch invocation.command {
            case .interactive where isInteractiveTerminal:
                try runInteractive(url: url)
            case .list, .interactive:
                for line in TodoListRenderer.lines(for: try file.load()) { output(line) }
            default:
                output(try file.perform(invocation.command))
            }
            return 0
        } catch let error as TodoCommandError {
            errorOutput("todo: \(error.message)")
            return error.exitStatus
        } catch let error as PersistenceError {
            errorOutput("todo: \(error.message)")
            return 1
        } catch {
            errorOutput("todo: \(error)")
            return 1
        }
    }

    /// The interactive list on `url`: a store whose list actions go through the file, and whose
    /// status line shows file problems (standard error would be drawn over).
    private static func runInteractive(url: URL) throws {
        let store = Store<TodoAppState>(reducer: todoAppReducer, state: TodoAppState())
        let file = TodoFile(url: url) { [weak store] problem in
            store?.dispatch(ShowTodoMessage(problem.message))
        }
        store.dispatch(TodoListLoaded(try file.load()))
        store.middleware = [file.middleware()]
        try TodoInteractiveApp.run(store: store) { file.refresh(store) }
    }
}
