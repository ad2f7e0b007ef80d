import ArgumentParsing
import Foundation
import LibraryFinderModel

/// What `library-finder book …` asks for: the parsed command line, which ``BookCommand`` runs.
enum BookInvocation: Equatable, Sendable {
    case run(BookOptions)
    case help
    case version
}

/// Reading `library-finder book`'s arguments with the package's one grammar.
extension BookInvocation {
    /// Seconds the whole search may take when `--timeout` isn't given.
    static let defaultTimeout: Double = 60

    /// The most book requests (ISBNs × systems) the service takes in one search.
    static let maximumBookRequests = BookSearch.maximumRequests

    static let declaration = CommandDeclaration(
        name: "library-finder book",
        summary: "Whether libraries have a book now (Calil's /check API)",
        usage: [
            "ISBN [ISBN…] --system-id ID [--system-id ID…] [options]",
            "ISBN [ISBN…] --pref NAME [--city NAME] [options]",
            "ISBN [ISBN…] --near LON,LAT [--limit N] [options]",
        ],
        discussion: """
            Asks each library system's catalogue, live, and prints per ISBN and library whether the
            book is there (貸出可 available, 蔵書あり held, 館内のみ reference only, 貸出中 on loan,
            予約中 reserved, 準備中 being prepared, 休館中 closed, 蔵書なし not held) with the
            reservation page. ISBN-10 or ISBN-13, hyphens allowed. At most \(maximumBookRequests)
            book requests (ISBNs × systems) in one search.
            """,
        acceptsPositionals: true,
        options: [
            .value(
                "--system-id", placeholder: "ID", repeatable: true,
                help: "Library system to ask (or several, comma-separated), e.g. Akita_Pref"),
            .value("--pref", placeholder: "NAME", help: "Ask the systems of this prefecture's libraries"),
            .value("--city", placeholder: "NAME", help: "Only the libraries of this city (with --pref)"),
            .value(
                "--near", placeholder: "LON,LAT",
                help: "Ask the systems of the libraries nearest to this point,\ne.g. 140.1,39.7 "
                    + "(distance shown)"),
            .value(
                "--limit", placeholder: "N",
                help:
                    "With --near: the N nearest libraries, \(NumberParsing.describe(LibraryFinderInvocation.limitRange))"
            ),
        ]
            + ServiceOptions.declarations(
                formatHelp: "table (default), json or csv", timeoutHelp: "How long the search may take",
                defaultTimeout: defaultTimeout,
                cacheHelp: "Neither read nor write the cache of /library answers"),
        environment: [EnvironmentDeclaration("CALIL_APPKEY", help: "The Calil app key (--appkey wins)")],
        failureMeaning:
            "the service failed, the search didn't finish in time, or the service ended it before every system answered",
        usageCauses: [
            "no app key (--appkey or $CALIL_APPKEY)", "a query (--pref, --near) that matches no library",
            "more than \(maximumBookRequests) book requests (ISBNs × systems)",
        ])

    static let helpText = HelpFormatter.help(for: declaration)

    /// Parses the arguments after `book` and the environment. A pure function.
    ///
    /// - Throws: ``UsageError`` naming the bad argument (a bad ISBN: which one and why).
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError)
        -> BookInvocation
    {
        let parsed = try ArgumentParser.parse(arguments, for: declaration)
        switch parsed.request {
        case .help: return .help
        case .version: return .version
        case .run: break
        }
        guard !parsed.positionals.isEmpty else {
            throw UsageError("give at least one ISBN, e.g. library-finder book 978-4-10-109205-8 --pref 秋田県")
        }
        var isbns: [ISBN] = []
        for text in parsed.positionals {
            let isbn: ISBN
            do {
                isbn = try ISBN(text)
            } catch {
                throw UsageError(ISBN.message(for: text, problem: error))
            }
            if !isbns.contains(isbn) { isbns.append(isbn) }
        }
        let systemIDs = parsed.allValues("--system-id").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let chosen = ["--system-id", "--pref", "--near"].filter(parsed.contains)
        guard chosen.count == 1 else {
            throw UsageError(
                chosen.isEmpty
                    ? "say which libraries to ask: --system-id ID, --pref NAME [--city NAME] or --near LON,LAT"
                    : "give only one of \(chosen.joined(separator: ", ")): they choose the libraries in different ways"
            )
        }
        if parsed.contains("--city"), !parsed.contains("--pref") {
            throw UsageError("--city goes with --pref (the city's prefecture)")
        }
        if parsed.contains("--limit"), !parsed.contains("--near") {
            throw UsageError("--limit goes with --near (the N nearest libraries)")
        }
        let systems: BookOptions.Systems
        if parsed.contains("--system-id") {
            var unique: [String] = []
            for id in systemIDs {
                let id = try LibraryFinderInvocation.nonEmpty(id, for: "--system-id")
                if !unique.contains(id) { unique.append(id) }
            }
            systems = .ids(unique)
        } else {
            var query = LibraryQuery(prefecture: nil)
            try LibraryFinderInvocation.readPlace(parsed, into: &query)
            systems = .query(query)
        }
        var options = BookOptions(isbns: isbns, systems: systems)
        options.service = try ServiceOptions.read(
            parsed, environment: environment, defaultTimeout: defaultTimeout)
        return .run(options)
    }

    /// The usage error for a search that asks too much of the service, saying how to narrow it.
    static func tooManyRequests(isbns: Int, systems: Int, narrowing: String) -> UsageError {
        UsageError(
            "\(isbns) ISBN\(isbns == 1 ? "" : "s") × \(systems) system\(systems == 1 ? "" : "s") = "
                + "\(isbns * systems) book requests, more than the \(maximumBookRequests) the service takes "
                + "in one search; \(narrowing)")
    }
}
