import ArgumentParsing
import Foundation
import LibraryFinderModel

/// What `library-finder`'s command line asks for: the parsed command line, which
/// ``LibraryFinderCommand`` runs.
enum LibraryFinderInvocation: Equatable, Sendable {
    /// Load and show libraries.
    case run(LibraryFinderOptions)
    /// Print the help text.
    case help
    /// Print the version.
    case version
}

/// Reading `library-finder`'s arguments and environment with the package's one grammar.
extension LibraryFinderInvocation {
    /// Seconds `--timeout` accepts: long enough for a slow service, and far below what any HTTP
    /// layer can count in milliseconds (FoundationNetworking's `Int(seconds) * 1000` trapped at
    /// 1e16).
    static let timeoutRange: ClosedRange<Double> = 0.1...3600
    /// How many libraries `--limit` accepts.
    static let limitRange: ClosedRange<Int> = 1...10_000

    /// The options, subcommands and help of `library-finder`.
    static let declaration = CommandDeclaration(
        name: "library-finder",
        summary: "Japanese libraries from the Calil library API (calil.jp)",
        discussion: """
            On a terminal it opens an interactive list (arrows move, / filters, b checks a book,
            r reloads, q quits); otherwise, or with --format, it prints the list and exits.
            """,
        // `book` is run before this declaration is read (it has options of its own); declared
        // here for the help, and so that a mistyped one gets a near miss.
        subcommands: [
            SubcommandDeclaration(
                "book", arguments: "ISBN… (--system-id ID | --pref NAME | --near LON,LAT) [options]",
                help: "Whether libraries have a book now;\nsee \"library-finder book --help\"")
        ],
        options: [
            .value(
                "--pref", placeholder: "NAME",
                help: "Prefecture, e.g. 東京都 (default: 秋田県, unless --system-id\nor --near is given)"),
            .value("--city", placeholder: "NAME", help: "City within the prefecture, e.g. 秋田市"),
            .value("--system-id", placeholder: "ID", help: "Library system, e.g. Akita_Pref"),
            .value(
                "--near", placeholder: "LON,LAT",
                help: "Libraries nearest to this point first, e.g. 140.1,39.7\n"
                    + "(longitude -180 to 180, latitude -90 to 90)"),
            .value(
                "--limit", placeholder: "N",
                help: "At most N libraries, \(NumberParsing.describe(limitRange))"),
            .value(
                "--category", placeholder: "NAME", repeatable: true,
                help: "Only this kind (or comma-separated kinds): reading-room (SMALL),\n"
                    + "local (MEDIUM), regional (LARGE), university (UNIV),\nspecial (SPECIAL), mobile (BM)"),
        ]
            + ServiceOptions.declarations(
                formatHelp: "Print the list as table, json or csv and exit",
                timeoutHelp: "How long to wait for the service", defaultTimeout: CalilClient.defaultTimeout,
                cacheHelp: "Neither read nor write the cache of last good answers"),
        environment: [
            EnvironmentDeclaration("CALIL_APPKEY", help: "The Calil app key (--appkey wins)"),
            EnvironmentDeclaration(
                "XDG_CACHE_HOME",
                help: "The last good answer to each query is kept in\n$XDG_CACHE_HOME/library-finder "
                    + "(else ~/.cache/library-finder)\nand shown, with its fetch time, when the service "
                    + "can't be reached"),
            EnvironmentDeclaration("NO_COLOR", help: "Set to turn colours off"),
        ],
        failureMeaning: "the service failed and nothing was cached",
        usageCauses: ["no app key (--appkey or $CALIL_APPKEY)"])

    /// The version `--version` prints.
    static let versionLine = PackageVersion.line(for: declaration.name)

    /// The `--help` text.
    static let helpText = HelpFormatter.help(for: declaration)

    /// Parses the arguments (without the program name) and the environment.
    ///
    /// A pure function (no I/O, no exit), the entry point the fuzzer drives.
    ///
    /// - Throws: ``UsageError`` naming the bad argument and how to fix it.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError)
        -> LibraryFinderInvocation
    {
        // `book` is run only as the first word; after options it would be read as the list's.
        let bookFirst = UsageError(
            "\"book\" comes first, before its options: library-finder book ISBN… --pref NAME [options]")
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: declaration)
        } catch {
            throw arguments.prefix { $0 != "--" }.dropFirst().contains("book") ? bookFirst : error
        }
        switch parsed.request {
        case .help: return .help
        case .version: return .version
        case .run: break
        }
        if parsed.subcommand == "book" { throw bookFirst }
        var options = LibraryFinderOptions()
        try readPlace(parsed, into: &options.query)
        if let text = parsed.value("--system-id") {
            options.query.systemID = try nonEmpty(text, for: "--system-id")
        }
        var categories: Set<LibraryCategory> = []
        for text in parsed.allValues("--category") {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let category = LibraryCategory(argument: String(part)) else {
                    throw UsageError.unknownChoice(
                        String(part), for: "--category", kind: "kind",
                        choices: LibraryCategory.documented.map { "\($0.optionName) (\($0.code))" },
                        accepted: LibraryCategory.documented.map(\.optionName))
                }
                categories.insert(category)
            }
        }
        options.query.categories = categories
        options.service = try ServiceOptions.read(
            parsed, environment: environment, defaultTimeout: CalilClient.defaultTimeout)
        if !parsed.contains("--pref"), options.query.systemID != nil || options.query.near != nil {
            options.query.prefecture = nil
        }
        return .run(options)
    }

    /// Reads `--pref`, `--city`, `--near` and `--limit`, which the list and `book` both take to
    /// choose libraries by place, into `query` (each only when given).
    ///
    /// - Throws: ``UsageError`` naming the bad value.
    static func readPlace(_ parsed: ParsedArguments, into query: inout LibraryQuery) throws(UsageError) {
        if let text = parsed.value("--pref") { query.prefecture = try nonEmpty(text, for: "--pref") }
        if let text = parsed.value("--city") { query.city = try nonEmpty(text, for: "--city") }
        if let text = parsed.value("--near") { query.near = try coordinate(text) }
        if let text = parsed.value("--limit") {
            query.limit = try NumberParsing.integer(text, for: "--limit", in: limitRange)
        }
    }

    /// `LON,LAT` with each number plain and in range.
    static func coordinate(_ text: String) throws(UsageError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw UsageError(
                "--near needs LONGITUDE,LATITUDE in degrees (e.g. --near 140.10,39.72), not \(Quoting.quoted(text))"
            )
        }
        let longitude = try NumberParsing.decimal(parts[0], for: "--near's longitude", in: -180...180)
        let latitude = try NumberParsing.decimal(parts[1], for: "--near's latitude", in: -90...90)
        return Coordinate(longitude: longitude, latitude: latitude)
    }

    static func nonEmpty(_ text: String, for name: String) throws(UsageError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("\(name) needs a value that isn't empty") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw UsageError("\(name) can't contain control characters: \(Quoting.quoted(text))")
        }
        return trimmed
    }
}
