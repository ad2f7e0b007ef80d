import Foundation
import TestSupport
import Testing

/// `memory-game`'s options and errors, run as a program with pipes (not a terminal).
@Suite(.timeLimit(.minutes(5))) struct CommandLineTests {
    @Test func helpDescribesTheOptionsAndExitsZero() throws {
        let run = try runProduct("memory-game", arguments: ["--help"])
        #expect(run.status == 0)
        for option in ["--category NAME", "--offline", "--seed N", "--api-base URL", "MEMORY_GAME_API_BASE"] {
            #expect(run.standardOutput.contains(option))
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let run = try runProduct("memory-game", arguments: ["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("memory-game "))
    }

    @Test func unknownOptionPointsToTheHelpAndExitsTwo() throws {
        let run = try runProduct("memory-game", arguments: ["--colour"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown option \"--colour\""))
        #expect(run.standardError.contains("Run \"memory-game --help\" to see the options."))
    }

    @Test(arguments: [
        (["--category", "jazz"], "--category has no category \"jazz\""),
        (["--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615, not \"-1\""),
        (["--seed"], "--seed needs a value"),
        (["--api-base", "itunes.apple.com"], "--api-base needs an http or https address"),
    ])
    func badValuesSayWhatIsWrongAndExitTwo(arguments: [String], message: String) throws {
        let run = try runProduct("memory-game", arguments: arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message))
    }

    @Test func badAPIBaseInTheEnvironmentIsNamed() throws {
        let run = try runProduct("memory-game", environment: ["MEMORY_GAME_API_BASE": "ftp://example.com"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("MEMORY_GAME_API_BASE needs an http or https address"))
    }

    @Test func withoutATerminalItSaysSoAndExitsNonZero() throws {
        let run = try runProduct("memory-game", arguments: ["--offline"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("memory-game: Standard input is not a terminal"))
    }
}
