import ArgumentParsing
import MemoryGameModel

/// What `memory-game --help` and `--version` print, and the declaration the command line is
/// parsed with.
public enum MemoryGameHelp {
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
                    + NumberParsing.describe(MemoryGameInvocation.seedRange)),
            .value(
                "--api-base", placeholder: "URL",
                help:
                    "Ask this iTunes Search API server\n(default: \(ITunesSearchClient.defaultBaseURL.absoluteString))"
            ),
        ],
        environment: [
            EnvironmentDeclaration(
                MemoryGameInvocation.apiBaseVariable, help: "Like --api-base (the option wins)"),
            EnvironmentDeclaration(
                "XDG_DATA_HOME", help: "Where the chosen category is saved (memory-game/settings.json)"),
            EnvironmentDeclaration("NO_COLOR", help: "Set to turn colours off"),
            EnvironmentDeclaration(
                MemoryGameInvocation.mismatchDelayVariable,
                help: "Test-only: how long a mismatch stays up, in milliseconds,\n"
                    + "\(NumberParsing.describe(MemoryGameInvocation.mismatchDelayRange)) (default: 1000)"),
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
    public static let usage = HelpFormatter.help(for: declaration)

    /// What `--version` prints.
    public static let version = PackageVersion.line(for: declaration.name)
}
