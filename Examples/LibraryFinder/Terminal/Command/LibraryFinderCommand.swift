import ArgumentParsing
import Foundation
import LibraryFinderModel
import ReSwift
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `library-finder` program: reads the command line, then shows the libraries interactively
/// on a terminal or prints them for scripts.
public enum LibraryFinderCommand {
    /// Runs `library-finder` with the process's environment and standard streams.
    ///
    /// - Parameter arguments: The command line without the program name.
    /// - Returns: The exit status: 0 listed, 1 the service failed with nothing cached, 2 bad
    ///   options or no app key.
    public static func run(arguments: [String]) async -> Int32 {
        await run(arguments: arguments, environment: ProcessInfo.processInfo.environment, io: .standard)
    }

    /// Runs the program with the given environment and streams.
    static func run(arguments: [String], environment: [String: String], io: CommandIO) async -> Int32 {
        if arguments.first == "book" {
            return await BookCommand.run(
                arguments: Array(arguments.dropFirst()), environment: environment, io: io)
        }
        // `help book` is `book --help`: book has options, and so a help, of its own.
        if arguments.prefix(2) == ["help", "book"] {
            return await BookCommand.run(
                arguments: ["--help"] + arguments.dropFirst(2), environment: environment, io: io)
        }
        let options: LibraryFinderOptions
        let appKey: String
        switch LibraryFinderInvocation.start(arguments: arguments, environment: environment, io: io) {
        case .exit(let status): return status
        case .run(let parsed, let key): (options, appKey) = (parsed, key)
        }
        let service = options.service.libraryClient(appKey: appKey)
        if options.service.format == nil && io.isInteractive {
            let availability = CalilAvailabilityClient(appKey: appKey, baseURL: options.service.apiBase)
            return await runInteractive(
                options: options, service: service, availability: availability, environment: environment,
                io: io)
        }
        let cache = options.service.cache(environment: environment) { io.error("library-finder: \($0)\n") }
        return await printList(options: options, service: service, cache: cache, io: io)
    }

    /// Loads the list once through the store and prints it in the chosen format.
    static func printList(
        options: LibraryFinderOptions, service: any LibraryService, cache: ListCache?, io: CommandIO
    ) async -> Int32 {
        let (store, persister) = makeInspectableLibraryFinderStore(
            options: options.service, query: options.query, service: service, cache: cache
        ) { io.error("library-finder: \($0)\n") }
        do {
            try await store.dispatch(LibraryList.load())
        } catch {
            io.error("library-finder: loading stopped: \(error)\n")
            return ExitStatus.failure
        }
        persister?.flush()
        let state: LibraryFinderState = store.state
        switch (state.status, state.source) {
        case (.loaded, let source?):
            if case .cache(let fetchedAt, let reason, _) = source {
                io.error(
                    "library-finder: \(reason)\nShowing the cached list, fetched \(FetchTime.text(fetchedAt)).\n"
                )
            }
            let listing = LibraryListing(query: options.query, libraries: state.libraries, source: source)
            let format = options.service.format ?? .table
            io.output(ListingFormatter.format(listing, as: format), in: format)
            return ExitStatus.success
        case (.failed(let message), _):
            io.error("library-finder: \(message)\n")
            return ExitStatus.failure
        default:
            preconditionFailure("Internal inconsistency: loading finished in state \(state.status)")
        }
    }
}

extension LibraryFinderCommand {
    /// Shows the list on the terminal until the user quits.
    @MainActor
    static func runInteractive(
        options: LibraryFinderOptions, service: any LibraryService, availability: any AvailabilityService,
        environment: [String: String], io: CommandIO
    ) async -> Int32 {
        // Cache notices wait for the terminal to be given back (runs after `terminal.restore()`).
        let notices = PendingNotices()
        defer { for message in notices.take() { io.error("library-finder: \(message)\n") } }
        let cache = options.service.cache(environment: environment, report: { notices.append($0) })
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession.start()
        } catch {
            io.error("library-finder: \(error)\n")
            return ExitStatus.failure
        }
        defer { terminal.restore() }
        // A book search polls for longer than one request may take: at least the command line's
        // default for `book`.
        let books = BookAvailability.endpoint(
            availability, timeout: max(options.service.timeout, BookInvocation.defaultTimeout))
        let (store, persister) = makeInspectableLibraryFinderStore(
            options: options.service, query: options.query, service: service, availability: books,
            cache: cache,
            report: { notices.append($0) })
        // The fetch's actions come back through the store's subscription; while one runs, this
        // sends nothing.
        let reload: @MainActor @Sendable () -> Void = {
            store.dispatch(LibraryList.declaration.refetch(store.state.listKey))
        }
        let interrupted = await InteractiveSession(
            store: store, reload: reload, session: terminal, environment: environment
        ).run()
        persister?.flush()
        return interrupted ? ExitStatus.interrupted : ExitStatus.success
    }
}

/// Where the command writes, and whether it talks to a terminal.
///
/// Standard error is for people: every message is shown through `TerminalText` (line feeds
/// kept), so a server's error body or a path can't send control characters to the terminal.
/// Standard output gets the formatted list as the formatter made it.
struct CommandIO: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether standard input and output are a terminal (then the list is interactive).
    var isInteractive: Bool
    /// Whether standard output is a terminal (then CSV is shown with placeholders).
    var outputIsTerminal: Bool

    /// Creates the streams from functions that write text as given.
    init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        isInteractive: Bool = false, outputIsTerminal: Bool = false
    ) {
        self.writeOutput = output
        self.writeError = error
        self.isInteractive = isInteractive
        self.outputIsTerminal = outputIsTerminal
    }

    /// Writes `text` to standard output as it is.
    func output(_ text: String) {
        writeOutput(text)
    }

    /// Writes a formatted result to standard output: as it is, except CSV on a terminal. CSV is
    /// data and kept exact, but on a terminal it is only looked at, so its control characters are
    /// shown as placeholders.
    func output(_ text: String, in format: OutputFormat) {
        writeOutput(
            format == .csv && outputIsTerminal ? TerminalText.sanitized(text, layout: .multiline) : text)
    }

    /// Writes a message to standard error, control characters shown as placeholders.
    func error(_ text: String) {
        writeError(TerminalText.sanitized(text, layout: .multiline))
    }

    /// The process's standard output and error, through the package's one output path (a failed
    /// write becomes exit status 1, never a crash).
    static var standard: CommandIO {
        CommandIO(
            output: { ProgramOutput.output($0) },
            error: { ProgramOutput.error($0) },
            // A dumb terminal (TERM=dumb or unset) can't show the interactive list: print it.
            isInteractive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
                && TerminalSession.supportsFullScreen(term: ProcessInfo.processInfo.environment["TERM"]),
            outputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }
}
