import Foundation

/// The options `library-finder` was started with.
struct CommandLineOptions: Equatable, Sendable {
    /// What to load.
    var query = LibraryQuery()
    /// How to print the list; `nil` means interactive on a terminal, a table otherwise.
    var format: OutputFormat?
    /// The Calil app key (`--appkey`, else `CALIL_APPKEY`); `nil` when neither is set.
    var appKey: String?
    /// The server to ask (`--api-base`).
    var apiBase = CalilClient.defaultBaseURL
    /// Seconds to wait for the service (`--timeout`).
    var timeout = CalilClient.defaultTimeout
    /// Whether to read and write the disk cache (`--no-cache` turns it off).
    var usesCache = true
}

/// What the command line asks for.
enum ParsedCommand: Equatable, Sendable {
    /// Load and show libraries.
    case run(CommandLineOptions)
    /// Print the help text.
    case help
    /// Print the version.
    case version
}

/// A command line that can't be run; the message says what was wrong and what to do.
struct CommandLineError: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// Reads `library-finder`'s arguments and environment.
enum CommandLineParser {
    /// The version `--version` prints.
    static let version = "library-finder 1.0.0"

    /// The `--help` text.
    static let help = """
        library-finder — Japanese libraries from the Calil library API (https://calil.jp)

        USAGE: library-finder [options]

        On a terminal it opens an interactive list (arrows move, / filters, r reloads, q quits);
        otherwise, or with --format, it prints the list and exits.

        OPTIONS:
          --pref NAME          Prefecture, e.g. 東京都 (default: 秋田県, unless --system-id or --near is given)
          --city NAME          City within the prefecture, e.g. 秋田市
          --system-id ID       Library system, e.g. Akita_Pref
          --near LON,LAT       Libraries nearest to this point first, with their distance, e.g. 140.1,39.7
          --limit N            At most N libraries
          --category NAME      Only this kind (repeatable, or comma-separated): reading-room (SMALL),
                               local (MEDIUM), regional (LARGE), university (UNIV), special (SPECIAL),
                               mobile (BM)
          --format FORMAT      Print the list as table, json or csv and exit
          --appkey KEY         Calil app key (default: $CALIL_APPKEY); get one at https://calil.jp/api/dashboard/
          --api-base URL       Server to ask instead of https://api.calil.jp
          --timeout SECONDS    How long to wait for the service (default: 15)
          --no-cache           Neither read nor write the cache of last good answers
          -h, --help           Show this help
          --version            Show the version

        The last good answer to each query is kept in $XDG_CACHE_HOME/library-finder (else
        ~/.cache/library-finder) and shown, marked with its fetch time, when the service can't be reached.

        EXIT STATUS: 0 listed, 1 the service failed and nothing was cached, 2 bad options or no app key.

        """

    /// Parses the arguments (without the program name).
    ///
    /// - Throws: ``CommandLineError`` naming the bad argument and how to fix it.
    static func parse(_ arguments: [String], environment: [String: String]) throws(CommandLineError)
        -> ParsedCommand
    {
        var options = CommandLineOptions()
        var prefecture: String?
        var categories: Set<LibraryCategory> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                throw CommandLineError(
                    description: "Unexpected argument '\(argument)'. library-finder takes options only; "
                        + "run 'library-finder --help' to see them.")
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(CommandLineError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw CommandLineError(description: "\(name) needs a value; see 'library-finder --help'.")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                return .help
            case "--version":
                return .version
            case "--pref":
                prefecture = try nonEmpty(value(), for: name)
            case "--city":
                options.query.city = try nonEmpty(value(), for: name)
            case "--system-id":
                options.query.systemID = try nonEmpty(value(), for: name)
            case "--near":
                let text = try value()
                guard let point = Coordinate(lonLat: text) else {
                    throw CommandLineError(
                        description: "--near wants LONGITUDE,LATITUDE in degrees (e.g. --near 140.10,39.72), "
                            + "not '\(text)'.")
                }
                options.query.near = point
            case "--limit":
                let text = try value()
                guard let limit = Int(text), limit > 0 else {
                    throw CommandLineError(
                        description: "--limit wants a whole number above 0, not '\(text)'.")
                }
                options.query.limit = limit
            case "--category":
                for part in try value().split(separator: ",") {
                    guard let category = LibraryCategory(argument: String(part)) else {
                        let known = LibraryCategory.documented.map { "\($0.optionName) (\($0.code))" }
                        throw CommandLineError(
                            description: "Unknown category '\(part)'. Use one of: "
                                + known.joined(separator: ", ") + ".")
                    }
                    categories.insert(category)
                }
            case "--format":
                let text = try value()
                guard let format = OutputFormat(rawValue: text.lowercased()) else {
                    let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CommandLineError(description: "Unknown format '\(text)'. Use one of: \(formats).")
                }
                options.format = format
            case "--appkey":
                options.appKey = try value()
            case "--api-base":
                let text = try value()
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host != nil
                else {
                    throw CommandLineError(
                        description: "--api-base wants an http or https URL such as https://api.calil.jp, "
                            + "not '\(text)'.")
                }
                options.apiBase = url
            case "--timeout":
                let text = try value()
                guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw CommandLineError(
                        description: "--timeout wants a number of seconds above 0, not '\(text)'.")
                }
                options.timeout = seconds
            case "--no-cache":
                options.usesCache = false
            default:
                throw CommandLineError(
                    description: "Unknown option '\(name)'. Run 'library-finder --help' to see the options.")
            }
        }
        options.query.categories = categories
        if let prefecture {
            options.query.prefecture = prefecture
        } else if options.query.systemID != nil || options.query.near != nil {
            options.query.prefecture = nil
        }
        if options.appKey == nil || options.appKey?.isEmpty == true {
            let fromEnvironment = environment["CALIL_APPKEY"]?.trimmingCharacters(in: .whitespaces)
            options.appKey = fromEnvironment?.isEmpty == false ? fromEnvironment : nil
        }
        return .run(options)
    }

    private static func nonEmpty(_ text: String, for name: String) throws(CommandLineError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw CommandLineError(
                description: "\(name) needs a non-empty value; see 'library-finder --help'.")
        }
        return trimmed
    }
}
