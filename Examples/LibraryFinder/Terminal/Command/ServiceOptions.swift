import ArgumentParsing
import Foundation
import LibraryFinderModel

/// The options the list's and `book`'s command lines both take to reach the service
/// (`--format`, `--appkey`, `--api-base`, `--timeout`), declared and read one way, with one
/// wording for their errors.
struct ServiceOptions: Equatable, Sendable {
    /// `--format`; `nil` when not given.
    var format: OutputFormat?
    /// The Calil app key: `--appkey`, else `CALIL_APPKEY`, trimmed; `nil` when neither has one.
    var appKey: String?
    /// `--api-base`.
    var apiBase = CalilClient.defaultBaseURL
    /// `--timeout`, within ``CommandLineParser/timeoutRange``.
    var timeout: Double

    /// The four options' declarations, in the order the helps list them.
    ///
    /// - Parameters:
    ///   - formatHelp: What `--format` does for this command.
    ///   - timeoutHelp: What `--timeout` bounds for this command (its range and default follow).
    ///   - defaultTimeout: Seconds when `--timeout` isn't given.
    static func declarations(formatHelp: String, timeoutHelp: String, defaultTimeout: Double)
        -> [OptionDeclaration]
    {
        [
            .value("--format", placeholder: "FORMAT", help: formatHelp),
            .value(
                "--appkey", placeholder: "KEY",
                help: "Calil app key (default: $CALIL_APPKEY);\nget one at https://calil.jp/api/dashboard/"),
            .value("--api-base", placeholder: "URL", help: "Server to ask instead of https://api.calil.jp"),
            .value(
                "--timeout", placeholder: "SECONDS",
                help: "\(timeoutHelp), \(NumberParsing.describe(CommandLineParser.timeoutRange))\n"
                    + "(default: \(SecondsText.number(defaultTimeout)))"),
        ]
    }

    /// Reads the four options (and `CALIL_APPKEY`).
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
                text, for: "--timeout", in: CommandLineParser.timeoutRange, unit: "seconds")
        }
        for candidate in [parsed.value("--appkey"), environment["CALIL_APPKEY"]] {
            if let key = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
                options.appKey = key
                break
            }
        }
        return options
    }
}
