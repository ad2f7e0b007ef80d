import ArgumentParsing
import Foundation
import MemoryGameModel

/// A parsed `memory-game` command line: what it asks for.
public enum MemoryGameInvocation: Equatable, Sendable {
    /// Print the help and exit 0.
    case help
    /// Print the version and exit 0.
    case version
    /// Play, with these options.
    case play(LaunchOptions)
}

extension MemoryGameInvocation {
    static let apiBaseVariable = "MEMORY_GAME_API_BASE"
    static let mismatchDelayVariable = "MEMORY_GAME_MISMATCH_DELAY_MS"
    /// Milliseconds `MEMORY_GAME_MISMATCH_DELAY_MS` accepts (up to a minute).
    static let mismatchDelayRange: ClosedRange<Int> = 0...60_000
    /// Seeds `--seed` accepts: every 64-bit unsigned number.
    static let seedRange: ClosedRange<UInt64> = 0...UInt64.max

    /// Reads the arguments (without the program name) and the environment.
    ///
    /// A pure function (no I/O, no exit), the entry point the fuzzer drives.
    ///
    /// - Throws: `UsageError` (ArgumentParsing) naming the bad option or value and its range.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError)
        -> MemoryGameInvocation
    {
        let parsed = try ArgumentParser.parse(arguments, for: MemoryGameHelp.declaration)
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
        return .play(options)
    }
}
