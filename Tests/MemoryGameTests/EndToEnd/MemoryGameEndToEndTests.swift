import Foundation
import ReSwiftThunk
import TerminalUI
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// Runs the built `memory-game` under a pseudo-terminal and plays it by keystrokes.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameEndToEndTests {
    private typealias Keys = PseudoTerminal.Keys

    private func launch(_ arguments: [String], dataHome: URL) throws -> PseudoTerminal {
        try PseudoTerminal(
            product: "memory-game", arguments: arguments,
            environment: [
                "XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1",
                // Test-only: a short mismatch moment keeps the test fast.
                "MEMORY_GAME_MISMATCH_DELAY_MS": "30",
            ],
            size: TerminalSize(columns: 80, rows: 24))
    }

    /// The cards the app deals for `seed`: the same shuffle from the same catalog.
    private func expectedDeal(seed: UInt64, category: MusicCategory) async throws -> [Card] {
        let harness = GameHarness()
        let environment = GameEnvironment(liveSource: nil, random: RandomSource(seed: seed))
        await loadCards(
            category: category, preference: .live, environment: environment,
            dispatch: AsyncThunkDispatch(harness.dispatch))
        return try #require(harness.log.actions.last as? SetCardsAction).cards
    }

    /// The keys that move the cursor from `from` to `to` on the four-column table.
    private func keys(from: Int, to: Int) -> String {
        let rows = to / GameRules.columns - from / GameRules.columns
        let columns = to % GameRules.columns - from % GameRules.columns
        return String(repeating: rows > 0 ? Keys.down : Keys.up, count: abs(rows))
            + String(repeating: columns > 0 ? Keys.right : Keys.left, count: abs(columns))
    }

    @Test func playsAWholeOfflineGameByKeystrokesAndQuitsRestoringTheTerminal() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let seed: UInt64 = 7
        let cards = try await expectedDeal(seed: seed, category: .pop)
        let terminal = try launch(["--offline", "--seed", String(seed)], dataHome: dataHome)

        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "pairs 0/8 · misses 0 · offline catalog")
        // The first card's album is on screen once it is turned: the deal is the one computed here.
        try terminal.send(Keys.enter)
        try await terminal.screen(
            showing: "Card 1 of 16: \(cards[0].album.artist) — \(cards[0].album.title)")

        // One miss: the first card with a card of another pair.
        var cursor = 0
        let other = try #require(cards.indices.first { cards[$0].pair != cards[0].pair })
        try terminal.send(keys(from: cursor, to: other) + Keys.enter)
        cursor = other
        try await terminal.screen(showing: "misses 1")
        try await terminal.screen(description: "the mismatch turned back") { !$0.contains("─ miss ─") }

        // Then every pair, in order.
        for pair in 0..<GameRules.pairCount {
            let members = cards.indices.filter { cards[$0].pair == pair }
            for index in members {
                try terminal.send(keys(from: cursor, to: index) + " ")
                cursor = index
            }
            if pair < GameRules.pairCount - 1 {
                try await terminal.screen(showing: "pairs \(pair + 1)/8")
            }
        }

        try await terminal.screen(showing: "Great! You won with 1 miss.")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    @Test func chosenCategoryIsKeptForTheNextLaunch() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url

        let first = try launch(["--offline"], dataHome: dataHome)
        try await first.screen(showing: "Choose Category (Pop)")
        try first.send(Keys.down + Keys.enter)
        try await first.screen(showing: "✓ Pop")
        try first.send(String(repeating: Keys.down, count: 3) + Keys.enter)
        try await first.screen(showing: "Choose Category (Metal)")
        try first.send("q")
        #expect(try first.waitForExit() == 0)
        try first.verifyTerminalRestored()

        let second = try launch(["--offline"], dataHome: dataHome)
        try await second.screen(showing: "Choose Category (Metal)")
        try second.send(Keys.ctrlC)
        #expect(try second.waitForExit() == 130)
        try second.verifyTerminalRestored()
    }

    @Test func tooSmallTerminalSaysHowBigItMustBeAndTheTableReturnsWhenItGrows() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let terminal = try launch(["--offline", "--seed", "5"], dataHome: dataHome)
        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "pairs 0/8")
        terminal.resize(to: TerminalSize(columns: 50, rows: 16))
        try await terminal.screen(showing: "Terminal too small")
        try await terminal.screen(
            showing: "needs \(GameView.minimumSize.columns)×\(GameView.minimumSize.rows), is 50×16")
        terminal.resize(to: TerminalSize(columns: 80, rows: 24))
        try await terminal.screen(showing: "pairs 0/8")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func backKeyReturnsToTheMenuAndTheRouteFollows() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let terminal = try launch(["--offline", "--seed", "3", "--category", "rock"], dataHome: dataHome)
        try await terminal.screen(showing: "Choose Category (Rock)")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "pairs 0/8")
        try terminal.send(Keys.escape)
        try await terminal.screen(showing: "› New Game")
        // The route went back too: Enter on the menu deals a new game again.
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "Memory Tunes · Rock")
        try await terminal.screen(showing: "pairs 0/8")
        try terminal.send(Keys.backspace)
        try await terminal.screen(showing: "› New Game")
        terminal.terminate()
        #expect(try terminal.waitForExit() == 143)
        try terminal.verifyTerminalRestored()
    }
}

/// The live path of the built app, against a scripted iTunes server on 127.0.0.1.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameLiveEndToEndTests {
    private typealias Keys = PseudoTerminal.Keys

    private func launch(apiBase: URL, dataHome: URL) throws -> PseudoTerminal {
        try PseudoTerminal(
            product: "memory-game", arguments: ["--seed", "11", "--category", "Electronic"],
            environment: [
                "XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1",
                "MEMORY_GAME_API_BASE": apiBase.absoluteString,
            ],
            size: TerminalSize(columns: 80, rows: 24))
    }

    private static var tenAlbums: String {
        let results = (0..<10).map { number in
            """
            {"wrapperType": "collection", "artistName": "Live Artist \(number)",
             "collectionName": "Live Album \(number)",
             "artworkUrl100": "https://is1.example.com/\(number)/100x100bb.jpg"}
            """
        }
        return #"{"resultCount": 10, "results": [\#(results.joined(separator: ","))]}"#
    }

    @Test func dealsAlbumsFromTheService() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let terminal = try launch(apiBase: server.baseURL, dataHome: dataHome)

        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "pairs 0/8 · misses 0 · albums from iTunes")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "Card 1 of 16: Live Artist")
        #expect(server.requests(for: "/search").first?.queryValue("term") == "Electronic")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    @Test func httpErrorOffersRetryAndTheOfflineCatalog() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses(
            [
                .text("Internal Server Error", status: 500), .text("Internal Server Error", status: 500),
                .json(Self.tenAlbums),
            ], for: "/search")
        let terminal = try launch(apiBase: server.baseURL, dataHome: dataHome)

        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "Couldn't load Electronic albums.")
        try await terminal.screen(showing: "HTTP status 500")
        try terminal.send("o")
        try await terminal.screen(showing: "pairs 0/8 · misses 0 · offline catalog")
        try terminal.send(Keys.escape)
        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "Couldn't load Electronic albums.")
        try terminal.send("r")
        try await terminal.screen(showing: "albums from iTunes")
        // A New Game while the answer is fresh deals from it again, without a request.
        try terminal.send(Keys.escape)
        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "pairs 0/8 · misses 0 · albums from iTunes")
        #expect(server.requests(for: "/search").count == 3)
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func offlineTheNextRunPlaysTheAlbumsFetchedBeforeAndSaysFromWhen() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let online = try launch(apiBase: server.baseURL, dataHome: dataHome)
        try await online.screen(showing: "› New Game")
        try online.send(Keys.enter)
        try await online.screen(showing: "albums from iTunes")
        try online.send("q")
        #expect(try online.waitForExit() == 0)
        server.stop()

        let offline = try launch(apiBase: server.baseURL, dataHome: dataHome)
        try await offline.screen(showing: "› New Game")
        try offline.send(Keys.enter)
        try await offline.screen(showing: "offline; albums from ")
        try offline.send(Keys.enter)
        try await offline.screen(showing: "Card 1 of 16: Live Artist")
        try offline.send("q")
        #expect(try offline.waitForExit() == 0)
    }

    @Test func unreachableServiceFallsBackToTheOfflineCatalogAndSaysSo() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        let closedPort = server.baseURL
        server.stop()
        let terminal = try launch(apiBase: closedPort, dataHome: dataHome)

        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "offline (iTunes unreachable; r retries)")
        // A retry that falls back again says so, rather than dealing the same-looking screen.
        try terminal.send("r")
        try await terminal.screen(showing: "Deal a new board from iTunes?")
        try terminal.send("y")
        try await terminal.screen(showing: "offline (retry 1: iTunes unreachable; r retries)")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }

    /// Saved albums from a newer version: the player is told, the game plays on, and the file is
    /// the same after a game whose albums came from the service.
    @Test func savedAlbumsFromANewerVersionAreToldAndKept() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let folder = dataHome.appendingPathComponent("memory-game", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cache = folder.appendingPathComponent("albums.json")
        let newer = Data(#"{"schemaVersion": 9, "value": {"format": "of a later version"}}"#.utf8)
        try newer.write(to: cache)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.tenAlbums), for: "/search")

        let terminal = try launch(apiBase: server.baseURL, dataHome: dataHome)
        try await terminal.screen(showing: "› New Game")
        let screen = try await terminal.screen(showing: "Saved albums not used:")
        let words = screen.lines.joined(separator: " ").split(whereSeparator: \.isWhitespace)
        #expect(words.joined(separator: " ").contains("is from a newer memory-game (kept as it is;"))
        try terminal.send(Keys.enter)
        // The notice covers the status line; the cards tell where the albums came from.
        try await terminal.screen(showing: "Card 1 of 16: face down")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "Card 1 of 16: Live Artist")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(try Data(contentsOf: cache) == newer)
    }
}

/// A damaged settings file doesn't stop the game, and isn't lost.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameSettingsEndToEndTests {
    @Test func corruptSettingsAreMovedAsideAndShownAndTheGameStartsFromDefaults() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let folder = dataHome.appendingPathComponent("memory-game", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("settings.json"))

        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--offline"],
            environment: ["XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1"],
            size: TerminalSize(columns: 80, rows: 24))
        try await terminal.screen(showing: "Choose Category (Pop)")
        try await terminal.screen(showing: "isn't valid JSON")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()

        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("settings.json.moved-") }
        #expect(kept.count == 1)
    }

    @Test func aFailedSaveIsShownAtOnceInWords() async throws {
        if let reason = otherUserUnavailable {
            print("skipped aFailedSaveIsShownAtOnceInWords: \(reason)")
            return
        }
        // A data folder the player (uid 65534) may read but not write: restoring works, saving fails.
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let folder = dataHome.appendingPathComponent("memory-game", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dataHome.path)

        let command = asOtherUser(try builtProductURL("memory-game").path, ["--offline"])
        let terminal = try PseudoTerminal(
            executableURL: URL(fileURLWithPath: command.executable), arguments: command.arguments,
            environment: ["XDG_DATA_HOME": dataHome.path, "HOME": dataHome.path, "NO_COLOR": "1"],
            size: TerminalSize(columns: 80, rows: 24))
        try await terminal.screen(showing: "Choose Category (Pop)")
        try terminal.send("j")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "Metal")
        try terminal.send("j")
        try terminal.send(PseudoTerminal.Keys.enter)
        // Before quitting: the notice is on the screen, in words.
        let screen = try await terminal.screen(showing: "Your choice of category wasn't saved")
        #expect(!screen.lines.joined().contains("NSCocoaErrorDomain"))
        #expect(screen.lines.joined(separator: " ").contains("writable"), "the advice was cut off")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
    }
}
