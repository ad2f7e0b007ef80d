import ArgumentParsing
import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import ReSwiftPersistence
import ReSwiftThunk
import TerminalUI
import TodoModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `todo` program: parses the command line, finds the file, runs the command.
@MainActor
public enum TodoCommand {
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
    public static func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Int32 {
        if let position = firstArgumentThatIsNotUTF8() {
            // Swift would hand the argument over with U+FFFD in place of the bytes, and the list
            // would keep a title that isn't what was typed: say so instead.
            ProgramOutput.error(
                "todo: argument \(position) has bytes that aren't UTF-8 text, so it can't be a title or a "
                    + "path as typed; set a UTF-8 locale (LANG=C.UTF-8) or retype it\n")
            return ExitStatus.usage
        }
        let isTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let term = environment["TERM"]
        return await run(
            arguments: arguments,
            environment: environment,
            currentDirectory: TodoFileLocation.currentDirectory(),
            isInteractiveTerminal: isTerminal && TerminalSession.supportsFullScreen(term: term),
            unsupportedTerminal: isTerminal && !TerminalSession.supportsFullScreen(term: term)
                ? (term ?? "") : nil,
            output: { ProgramOutput.output(TerminalText.sanitized($0, layout: .multiline) + "\n") },
            errorOutput: { ProgramOutput.error($0 + "\n") }
        )
    }

    /// The position (from 1, after the program name) of the first command-line argument whose
    /// bytes aren't valid UTF-8, if any.
    static func firstArgumentThatIsNotUTF8() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map {
                UInt8(bitPattern: $0)
            }
            if !Array(String(decoding: bytes, as: UTF8.self).utf8).elementsEqual(bytes) { return index }
        }
        return nil
    }

    /// ``run(arguments:environment:)`` with its surroundings passed in, for tests.
    ///
    /// `unsupportedTerminal` is the `TERM` of a terminal that can't show the interactive list
    /// (`dumb`, or "" when unset): plain `todo` then prints the list and says why.
    static func run(
        arguments: [String],
        environment: [String: String],
        currentDirectory: String?,
        isInteractiveTerminal: Bool,
        unsupportedTerminal: String? = nil,
        output: (String) -> Void,
        errorOutput: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        let invocation: TodoInvocation
        do {
            invocation = try TodoInvocation.parse(arguments)
        } catch {
            report(error, to: errorOutput)
            return error.exitStatus
        }
        switch invocation.request {
        case .help:
            // `output` ends each call with a newline; the help already ends with one.
            output(String(TodoHelp.usage.dropLast()))
            return ExitStatus.success
        case .version:
            output(TodoHelp.version)
            return ExitStatus.success
        default:
            break
        }
        let url: URL
        do {
            url = try TodoFileLocation.resolve(
                filePath: invocation.filePath, environment: environment, currentDirectory: currentDirectory,
                defaultURL: { TodoFile.defaultURL(environment: environment) })
        } catch {
            errorOutput("todo: \(error.message)")
            return error.exitStatus
        }
        let file = TodoFile(url: url) { notice in errorOutput("todo: \(notice)") }
        do {
            try TodoFileLocation.checkUsable(url)
            switch invocation.request {
            case .interactive where isInteractiveTerminal:
                // Read before the screen is taken, so a notice or a refusal shows on standard error.
                let list = try file.read()
                let advice = resetAdvice(filePath: invocation.filePath)
                if try await runInteractive(
                    url: url, list: list, resetAdvice: advice, environment: environment)
                {
                    return ExitStatus.interrupted
                }
            case .list, .interactive:
                for line in TodoListRenderer.lines(for: try file.read()) { output(line) }
                if invocation.request == .interactive, let term = unsupportedTerminal {
                    errorOutput(
                        "todo: \(term.isEmpty ? "TERM is not set" : "TERM=\(term)"), so this terminal can't show "
                            + "the interactive list; the list is printed instead. Change it with todo add, "
                            + "done, edit and delete (todo --help), or run todo in a full terminal.")
                }
            case .resetFile:
                output(try resetFile(file))
            default:
                output(try file.perform(invocation.request))
            }
            return ExitStatus.success
        } catch let error as TodoCommandError {
            errorOutput("todo: \(error.message)")
            return error.exitStatus
        } catch let error as PersistenceError {
            errorOutput("todo: \(error.message)")
            if error.kind.isBadContents {
                errorOutput("todo: " + resetAdvice(filePath: invocation.filePath))
            }
            return ExitStatus.failure
        } catch {
            errorOutput("todo: \(error)")
            return ExitStatus.failure
        }
    }

    /// Prints `todo: message` for a command line that can't be parsed, then the line that points
    /// to `--help`.
    private static func report(_ error: TodoCommandError, to errorOutput: (String) -> Void) {
        errorOutput("todo: \(error.message)")
        if error.exitStatus == ExitStatus.usage { errorOutput(TodoHelp.declaration.helpHint) }
    }

    /// `todo reset-file`: moves the file aside and says where it went.
    ///
    /// - Throws: ``TodoCommandError`` (exit status 1) when the folder can't be written, so the file
    ///   can't be moved; a `PersistenceError` for the other reasons it can't be.
    private static func resetFile(_ file: TodoFile) throws -> String {
        let movedTo: URL?
        do {
            movedTo = try file.setAside()
        } catch let error as PersistenceError where error.kind == .folderNotWritable {
            let folder = file.persisted.lockURL.deletingLastPathComponent().path
            throw TodoCommandError.failure(
                "can't reset: the folder \(folder) isn't writable, so \(file.url.path) can't be moved aside; "
                    + "nothing was changed (get write permission on the folder, then try again)")
        }
        guard let movedTo else {
            return "There is no file at \(file.url.path); the list is already empty."
        }
        return "Moved \(file.url.path) to \(movedTo.path); the list starts empty. "
            + "The moved file is kept as it was."
    }

    /// The way out of a damaged file, as a command to type (with `--file` when it was given).
    nonisolated static func resetAdvice(filePath: String?) -> String {
        let fileOption = filePath.map { " --file \(shellQuoted($0))" } ?? ""
        return "to keep the damaged file aside and start an empty list, run: todo reset-file\(fileOption)"
    }

    /// `text` as one shell word: unchanged when it is plain, in single quotes otherwise.
    private nonisolated static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@%,=".contains($0))
        }
        if plain && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How many states the interactive list keeps for time travel when it is inspected.
    static let timeTravelHistoryLimit = 500

    /// The interactive list on `url`: a store whose list actions go through the file, and whose
    /// status line shows file problems (standard error would be drawn over).
    ///
    /// When the app is inspected (`RESWIFT_INSPECT=1`), the store's reducer is wrapped in time
    /// travel (the last ``timeTravelHistoryLimit`` states), so the inspector can take the screen
    /// back to any earlier state and forward again. The file is not travelled: it keeps the list
    /// as last saved, and the next change made on the screen is applied to that list.
    ///
    /// - Returns: Whether the user quit with Ctrl-C.
    private static func runInteractive(
        url: URL, list: TodoState, resetAdvice: String, environment: [String: String]
    ) async throws -> Bool {
        let screenStore: TodoScreenStore
        let stopRefreshing: () -> Void
        let notices = Locked<TodoScreenStore?>(nil)
        // A short lock wait: while another process holds the list, a key says so at once rather
        // than freezing the screen for the command line's five seconds.
        let file = TodoFile(url: url, lockTimeout: TodoFile.interactiveLockTimeout) { notice in
            notices.withLock { $0 }?.dispatch(ShowTodoMessage(notice), #fileID, #line)
        }
        let watcher = TodoFileWatcher(file: file, list: list, resetAdvice: resetAdvice)
        if isInspected(environment) {
            let store = Store(
                reducer: timeTravelReducer(inPlace: reduceTodoApp, historyLimit: timeTravelHistoryLimit),
                state: TimeTravelState(TodoAppState(list: list)))
            store.middleware = [
                createInspectorMiddleware(app: "todo", environment: environment), createThunkMiddleware(),
                file.middleware(watcher: watcher),
            ]
            screenStore = TodoScreenStore(travelling: store)
            stopRefreshing = watcher.startRefreshing(store)
        } else {
            let store = Store<TodoAppState>(reducer: reduceTodoApp, state: TodoAppState(list: list))
            store.middleware = [createThunkMiddleware(), file.middleware(watcher: watcher)]
            screenStore = TodoScreenStore(store)
            stopRefreshing = watcher.startRefreshing(store)
        }
        notices.withLock { $0 = screenStore }
        defer {
            stopRefreshing()
            notices.withLock { $0 = nil }
        }
        return try await TodoInteractiveApp.run(store: screenStore)
    }

    /// Whether `environment` asks for the inspector (`RESWIFT_INSPECT=1`, as
    /// `createInspectorMiddleware` reads it).
    static func isInspected(_ environment: [String: String]) -> Bool {
        environment["RESWIFT_INSPECT"] == "1"
    }
}
