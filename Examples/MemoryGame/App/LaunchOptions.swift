import Foundation
import MemoryGameCore

/// What the command line asked for.
enum LaunchCommand: Equatable {
    /// Print the help and exit 0.
    case help
    /// Print the version and exit 0.
    case version
    /// Play.
    case run(LaunchOptions)
}

/// The options a game is played with, from the command line and the environment.
struct LaunchOptions: Equatable {
    /// The category to start with (`--category`); `nil` means the saved one.
    var category: MusicCategory?
    /// Whether to play the offline catalog only (`--offline`).
    var offline = false
    /// The shuffle's seed (`--seed`); `nil` means a fresh random one.
    var seed: UInt64?
    /// The iTunes Search API server (`--api-base` or `MEMORY_GAME_API_BASE`).
    var apiBase = ITunesSearchClient.defaultBaseURL
    /// Seconds a mismatch stays face up (`MEMORY_GAME_MISMATCH_DELAY_MS`, test-only).
    var mismatchDelay: TimeInterval = 1
    /// Seconds to wait for the iTunes Search API.
    var requestTimeout: TimeInterval = 4
}

/// A command-line mistake: what was wrong, for the message printed before the usage.
struct UsageError: Error, Equatable {
    var message: String
}

enum LaunchParser {
    static let apiBaseVariable = "MEMORY_GAME_API_BASE"
    static let mismatchDelayVariable = "MEMORY_GAME_MISMATCH_DELAY_MS"

    static let usage = "USAGE: memory-game [--category NAME] [--offline] [--seed N] [--api-base URL]"

    static let help = """
        memory-game: the ReSwift memory game ("Memory Tunes") in a terminal.
        Turn two cards at a time; find the eight pairs of albums in as few misses as you can.

        \(usage)

        OPTIONS:
          --category NAME   Start with this category: \(MusicCategory.allNames).
                            Otherwise the last category chosen in the game.
          --offline         Play the built-in catalog; never ask the iTunes Search API.
          --seed N          Shuffle with this seed (a whole number), so a run can be replayed.
          --api-base URL    Ask this iTunes Search API server (default \
        \(ITunesSearchClient.defaultBaseURL.absoluteString)).
          --version         Show the version.
          -h, --help        Show this help.

        KEYS:
          arrows or h j k l   move          Enter or Space   flip a card / choose
          Esc or Backspace    go back       q or Ctrl-C      quit

        ENVIRONMENT:
          \(apiBaseVariable)            Like --api-base (the option wins).
          XDG_DATA_HOME                   Where the chosen category is saved (memory-game/settings.json).
          NO_COLOR                        Set to turn colours off.
          \(mismatchDelayVariable)   Test-only: how long a mismatch stays up, in ms (default 1000).

        Without a network the game plays the built-in catalog and says so on the status line.
        """

    /// Reads the arguments (without the program name) and the environment.
    ///
    /// - Throws: ``UsageError`` naming the bad option or value.
    static func parse(_ arguments: [String], environment: [String: String]) throws -> LaunchCommand {
        var options = LaunchOptions()
        var apiBaseFromOption: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value(example: String) throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(message: "\(name) needs a value, e.g. \(name) \(example).")
                }
                return next
            }
            switch name {
            case "-h", "--help":
                return .help
            case "--version":
                return .version
            case "--offline":
                guard inlineValue == nil else { throw UsageError(message: "--offline takes no value.") }
                options.offline = true
            case "--category":
                let text = try value(example: "Rock")
                guard let category = MusicCategory(name: text) else {
                    throw UsageError(
                        message: "There is no category \"\(text)\"; choose one of \(MusicCategory.allNames).")
                }
                options.category = category
            case "--seed":
                let text = try value(example: "42")
                guard let seed = UInt64(text) else {
                    throw UsageError(
                        message: "--seed needs a whole number from 0 to \(UInt64.max), not \"\(text)\".")
                }
                options.seed = seed
            case "--api-base":
                apiBaseFromOption = try value(example: "http://127.0.0.1:8080")
            default:
                throw UsageError(message: "Unknown option \"\(argument)\"; see memory-game --help.")
            }
        }
        if let text = apiBaseFromOption ?? environment[apiBaseVariable], !text.isEmpty {
            let source = apiBaseFromOption == nil ? apiBaseVariable : "--api-base"
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw UsageError(
                    message: "\(source) needs an http or https address such as https://itunes.apple.com, "
                        + "not \"\(text)\".")
            }
            options.apiBase = url
        }
        if let text = environment[mismatchDelayVariable], !text.isEmpty {
            guard let milliseconds = Int(text), milliseconds >= 0 else {
                throw UsageError(
                    message: "\(mismatchDelayVariable) needs a whole number of milliseconds, not \"\(text)\"."
                )
            }
            options.mismatchDelay = TimeInterval(milliseconds) / 1000
        }
        return .run(options)
    }
}
