import ArgumentParsing
import Foundation
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// `memory-game`'s options and variables, parsed without running the game.
@Suite struct MemoryGameInvocationTests {
    private func options(_ arguments: [String], environment: [String: String] = [:]) throws -> LaunchOptions {
        guard case .play(let options) = try MemoryGameInvocation.parse(arguments, environment: environment)
        else {
            Issue.record("expected a game to play")
            return LaunchOptions()
        }
        return options
    }

    private func message(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try MemoryGameInvocation.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsEveryOption() throws {
        let parsed = try options(
            [
                "--category=rock", "--offline", "--seed", "18446744073709551615", "--api-base",
                "http://127.0.0.1:9",
            ],
            environment: ["MEMORY_GAME_MISMATCH_DELAY_MS": "60000"])
        #expect(parsed.category == .rock)
        #expect(parsed.offline)
        #expect(parsed.seed == .max)
        #expect(parsed.apiBase == URL(string: "http://127.0.0.1:9"))
        #expect(parsed.mismatchDelay == 60)
    }

    @Test func theMismatchDelayHasARange() {
        for text in ["9223372036854775807", "60001", "-1", "", "1e3", "٣"] {
            #expect(
                message([], environment: ["MEMORY_GAME_MISMATCH_DELAY_MS": text])
                    == "MEMORY_GAME_MISMATCH_DELAY_MS needs a whole number of milliseconds from 0 to 60000, "
                    + "not \(Quoting.quoted(text))")
        }
    }

    @Test func theOptionWinsOverTheVariableForTheServer() throws {
        let parsed = try options(
            ["--api-base", "http://127.0.0.1:1"], environment: ["MEMORY_GAME_API_BASE": "http://127.0.0.1:2"])
        #expect(parsed.apiBase == URL(string: "http://127.0.0.1:1"))
        #expect(
            try options([], environment: ["MEMORY_GAME_API_BASE": ""]).apiBase
                == ITunesSearchClient.defaultBaseURL)
    }

    @Test func refusesAValueThatLooksLikeAnOption() {
        #expect(message(["--category", "--offline"])?.hasPrefix("--category needs a value") == true)
    }

    @Test func helpAndVersionWin() throws {
        #expect(try MemoryGameInvocation.parse(["--version", "--bogus"], environment: [:]) == .version)
        #expect(try MemoryGameInvocation.parse(["--bogus", "--help"], environment: [:]) == .help)
        #expect(MemoryGameHelp.version == "memory-game \(PackageVersion.current)")
    }
}
