import ArgumentParsing
import LibraryFinderModel

/// library-finder's two command lines, the list's (``LibraryFinderInvocation``) and `book`'s
/// (``BookInvocation``), parsed. Each is the help, the version or a run, and a run needs an app
/// key, so both begin in ``start(arguments:environment:io:)``.
protocol LibraryFinderCommandLine: Equatable {
    /// What a run is given.
    associatedtype Options: ServiceOptionsCarrying

    /// Print the help (the other line without options prints the version).
    static var help: Self { get }
    /// The declaration the usage errors are reported against.
    static var declaration: CommandDeclaration { get }
    /// What `--help` prints.
    static var helpText: String { get }

    /// Parses the arguments and the environment; a pure function.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Self

    /// A run's options; `nil` for the help and the version.
    var options: Options? { get }
}

/// The options of a run of either command line, each with the service's.
protocol ServiceOptionsCarrying: Sendable {
    /// `--format`, `--appkey`, `--api-base`, `--timeout` and `--no-cache`.
    var service: ServiceOptions { get }
}

/// How a command line begins: run, or exit with a status once the reason is printed.
enum CommandStart<Options> {
    /// Run with these options and this app key.
    case run(Options, appKey: String)
    /// Exit with this status.
    case exit(Int32)
}

extension LibraryFinderCommandLine {
    /// Parses the command line and prints what ends it before anything runs: the help or the
    /// version (exit 0), what is wrong with it, or a run without an app key and how to get one
    /// (exit 2).
    static func start(arguments: [String], environment: [String: String], io: CommandIO)
        -> CommandStart<Options>
    {
        let invocation: Self
        do {
            invocation = try parse(arguments, environment: environment)
        } catch {
            io.error(error.report(for: declaration))
            return .exit(ExitStatus.usage)
        }
        guard let options = invocation.options else {
            io.output(invocation == .help ? helpText : LibraryFinderInvocation.versionLine + "\n")
            return .exit(ExitStatus.success)
        }
        guard let appKey = options.service.appKey else {
            io.error(CalilError.missingAppKeyMessage + "\n")
            return .exit(ExitStatus.usage)
        }
        return .run(options, appKey: appKey)
    }
}

extension LibraryFinderInvocation: LibraryFinderCommandLine {
    var options: LibraryFinderOptions? {
        if case .run(let options) = self { options } else { nil }
    }
}

extension BookInvocation: LibraryFinderCommandLine {
    var options: BookOptions? {
        if case .run(let options) = self { options } else { nil }
    }
}

extension LibraryFinderOptions: ServiceOptionsCarrying {}
extension BookOptions: ServiceOptionsCarrying {}
