import ArgumentParsing
import Foundation
import LibraryFinderModel

/// The options the list's and `book`'s command lines both take to reach the service
/// (`--format`, `--appkey`, `--api-base`, `--timeout`, `--no-cache`), declared and read one way,
/// with one wording for their errors.
struct ServiceOptions: Equatable, Sendable {
    /// `--format`; `nil` when not given.
    var format: OutputFormat?
    /// The Calil app key: `--appkey`, else `CALIL_APPKEY`, trimmed; `nil` when neither has one.
    var appKey: String?
    /// `--api-base`.
    var apiBase = CalilClient.defaultBaseURL
    /// `--timeout`, within ``LibraryFinderInvocation/timeoutRange``.
    var timeout: Double
    /// Whether to read and write the disk cache of `/library` answers (`--no-cache` turns it off).
    var usesCache = true

    /// The five options' declarations, in the order the helps list them.
    ///
    /// - Parameters:
    ///   - formatHelp: What `--format` does for this command.
    ///   - timeoutHelp: What `--timeout` bounds for this command (its range and default follow).
    ///   - defaultTimeout: Seconds when `--timeout` isn't given.
    ///   - cacheHelp: What `--no-cache` leaves out for this command.
    static func declarations(
        formatHelp: String, timeoutHelp: String, defaultTimeout: Double, cacheHelp: String
    ) -> [OptionDeclaration] {
        [
            .value("--format", placeholder: "FORMAT", help: formatHelp),
            .value(
                "--appkey", placeholder: "KEY",
                help: "Calil app key (default: $CALIL_APPKEY);\nget one at https://calil.jp/api/dashboard/"),
            .value("--api-base", placeholder: "URL", help: "Server to ask instead of https://api.calil.jp"),
            .value(
                "--timeout", placeholder: "SECONDS",
                help: "\(timeoutHelp), \(NumberParsing.describe(LibraryFinderInvocation.timeoutRange))\n"
                    + "(default: \(SecondsText.number(defaultTimeout)))"),
            .flag("--no-cache", help: cacheHelp),
        ]
    }

    /// Reads the five options (and `CALIL_APPKEY`).
    ///
    /// - Throws: ``UsageError`` naming the bad value and what to give instead.
    static func read(_ parsed: ParsedArguments, environment: [String: String], defaultTimeout: Double)
        throws(UsageError) -> ServiceOptions
    {
        var options = ServiceOptions(timeout: defaultTimeout)
        if let text = parsed.value("--format") {
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw UsageError.unknownChoice(
                    text, for: "--format", kind: "format", choices: OutputFormat.allCases.map(\.rawValue))
            }
            options.format = format
        }
        if let text = parsed.value("--api-base") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw UsageError(
                    "--api-base needs an http or https URL such as https://api.calil.jp, not \(Quoting.quoted(text))"
                )
            }
            options.apiBase = url
        }
        if let text = parsed.value("--timeout") {
            options.timeout = try NumberParsing.decimal(
                text, for: "--timeout", in: LibraryFinderInvocation.timeoutRange, unit: "seconds")
        }
        for candidate in [parsed.value("--appkey"), environment["CALIL_APPKEY"]] {
            if let key = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
                options.appKey = key
                break
            }
        }
        options.usesCache = !parsed.contains("--no-cache")
        return options
    }
}

/// What the options make: the list's client and its cache.
extension ServiceOptions {
    /// The `/library` client at `--api-base`, waiting `--timeout`.
    func libraryClient(appKey: String) -> CalilClient {
        CalilClient(appKey: appKey, baseURL: apiBase, timeout: timeout)
    }

    /// The persisted answers of `/library`, or `nil` with `--no-cache`; a problem with the file
    /// goes to `report` (a damaged file is a cache: set aside and fetched again) and doesn't stop
    /// the run.
    func cache(environment: [String: String], report: @escaping @Sendable (String) -> Void) -> ListCache? {
        guard usesCache else { return nil }
        let directory = LibraryList.defaultDirectory(environment: environment)
        return ListCache(
            file: LibraryList.cacheFile(directory: directory) { report(ListCache.notice(for: $0)) })
    }
}
