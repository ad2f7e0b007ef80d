import ArgumentParsing
import Foundation

/// What the command line asked for.
public enum LaunchCommand: Equatable, Sendable {
    /// Print the help and exit 0.
    case help
    /// Print the version and exit 0.
    case version
    /// Play.
    case run(LaunchOptions)
}

/// The options a game is played with, from the command line and the environment.
public struct LaunchOptions: Equatable, Sendable {
    /// The category to start with (`--category`); `nil` means the saved one.
    public var category: MusicCategory?
    /// Whether to play the offline catalog only (`--offline`).
    public var offline = false
    /// The shuffle's seed (`--seed`); `nil` means a fresh random one.
    public var seed: UInt64?
    /// The iTunes Search API server (`--api-base` or `MEMORY_GAME_API_BASE`).
    public var apiBase = ITunesSearchClient.defaultBaseURL
    /// Seconds a mismatch stays face up (`MEMORY_GAME_MISMATCH_DELAY_MS`, test-only).
    public var mismatchDelay: TimeInterval = 1
    /// Seconds to wait for the iTunes Search API.
    public var requestTimeout: TimeInterval = 4

    /// The defaults.
    public init() {}
}

/// Reads `memory-game`'s arguments and environment with the package's one grammar.
public enum LaunchParser {
    static let apiBaseVariable = "MEMORY_GAME_API_BASE"
    static let mismatchDelayVariable = "MEMORY_GAME_MISMATCH_DELAY_MS"
    /// Milliseconds `MEMORY_GAME_MISMATCH_DELAY_MS` accepts (up to a minute).
    static let mismatchDelayRange: ClosedRange<Int> = 0...60_000
    /// Seeds `--seed` accepts: every 64-bit unsigned number.
    static let seedRange: ClosedRange<UInt64> = 0...UInt64.max

    /// The options, environment and help of `memory-game`.
    public static let declaration = CommandDeclaration(
        name: "memory-game",
        summary: "the ReSwift memory game (\"Memory Tunes\") in a terminal",
        discussion: """
            Turn two cards at a time; find the eight pairs of albums in as few misses as you can.
            Without a network the game plays the built-in catalog and says so on the status line.
            """,
        options: [
            .value(
                "--category", placeholder: "NAME",
                help: "Start with this category: \(MusicCategory.allNames)\n"
                    + "(default: the last category chosen in the game)"),
            .flag("--offline", help: "Play the built-in catalog; never ask the iTunes Search API"),
            .value(
                "--seed", placeholder: "N",
                help: "Shuffle with this seed, so a run can be replayed:\na whole number "
                    + NumberParsing.describe(seedRange)),
            .value(
                "--api-base", placeholder: "URL",
                help:
                    "Ask this iTunes Search API server\n(default: \(ITunesSearchClient.defaultBaseURL.absoluteString))"
            ),
        ],
        environment: [
            EnvironmentDeclaration(apiBaseVariable, help: "Like --api-base (the option wins)"),
            EnvironmentDeclaration(
                "XDG_DATA_HOME", help: "Where the chosen category is saved (memory-game/settings.json)"),
            EnvironmentDeclaration("NO_COLOR", help: "Set to turn colours off"),
            EnvironmentDeclaration(
                mismatchDelayVariable,
                help: "Test-only: how long a mismatch stays up, in milliseconds,\n"
                    + "\(NumberParsing.describe(mismatchDelayRange)) (default: 1000)"),
        ],
        sections: [
            HelpSection(
                "KEYS",
                """
                arrows or h j k l   move          Enter or Space   flip a card / choose
                Esc or Backspace    go back       q quits; Ctrl-C quits with status 130
                """)
        ],
        failureMeaning: "no terminal, or the settings can't be read")

    /// The `--help` text.
    public static let help = HelpFormatter.help(for: declaration)

    /// What `--version` prints.
    public static let version = PackageVersion.line(for: declaration.name)

    /// Reads the arguments (without the program name) and the environment.
    ///
    /// A pure function (no I/O, no exit), the entry point the fuzzer drives.
    ///
    /// - Throws: `UsageError` (ArgumentParsing) naming the bad option or value and its range.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError)
        -> LaunchCommand
    {
        let parsed = try ArgumentParser.parse(arguments, for: declaration)
        switch parsed.request {
        case .help: return .help
        case .version: return .version
        case .run: break
        }
        var options = LaunchOptions()
        options.offline = parsed.contains("--offline")
        if let text = parsed.value("--category") {
            guard let category = MusicCategory(name: text) else {
                throw UsageError.unknownChoice(
                    text, for: "--category", kind: "category", choices: MusicCategory.allCases.map(\.name))
            }
            options.category = category
        }
        if let text = parsed.value("--seed") {
            options.seed = try NumberParsing.integer(text, for: "--seed", in: seedRange)
        }
        let apiBaseFromOption = parsed.value("--api-base")
        if let text = apiBaseFromOption ?? environment[apiBaseVariable],
            apiBaseFromOption != nil || !text.isEmpty
        {
            let source = apiBaseFromOption == nil ? apiBaseVariable : "--api-base"
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw UsageError(
                    "\(source) needs an http or https address such as https://itunes.apple.com, "
                        + "not \(Quoting.quoted(text))")
            }
            options.apiBase = url
        }
        if let text = environment[mismatchDelayVariable] {
            let milliseconds = try NumberParsing.integer(
                text, for: mismatchDelayVariable, in: mismatchDelayRange, unit: "milliseconds")
            options.mismatchDelay = TimeInterval(milliseconds) / 1000
        }
        return .run(options)
    }
}
