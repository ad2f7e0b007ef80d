import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

@testable import MemoryGameModel

/// The albums of a category as a query, against a loopback iTunes that counts requests.
@Suite(.timeLimit(.minutes(3)))
struct AlbumQueryTests {
    static var tenAlbums: String {
        let results = (0..<10).map { number in
            """
            {"wrapperType": "collection", "artistName": "Live Artist \(number)",
             "collectionName": "Live Album \(number)",
             "artworkUrl100": "https://is1.example.com/\(number)/100x100bb.jpg"}
            """
        }
        return #"{"resultCount": 10, "results": [\#(results.joined(separator: ","))]}"#
    }

    private func environment(_ server: LoopbackHTTPServer) -> GameEnvironment {
        GameEnvironment(
            liveSource: ITunesSearchClient(baseURL: server.baseURL, timeout: 5), random: RandomSource(seed: 3)
        )
    }

    private func makeStore(_ environment: GameEnvironment, clock: TestClock, state: AppState = AppState())
        -> Store<AppState>
    {
        Store<AppState>(
            reducer: makeInPlaceAppReducer(), state: state,
            middleware: [
                createThunkMiddleware(effects: ThunkEffects(clock: clock)),
                AlbumQuery.middleware(environment.liveSource),
            ])
    }

    /// A New Game in `category`, awaited until its cards are dealt (or it failed).
    private func newGame(_ category: MusicCategory, _ store: Store<AppState>, _ environment: GameEnvironment)
        async throws
    {
        try await store.dispatch(
            AsyncThunk<AppState, Void> { dispatch, _ in
                await loadCards(
                    category: category, preference: .live, environment: environment, dispatch: dispatch)
            })
    }

    private func searchedTerms(_ server: LoopbackHTTPServer) -> [String] {
        server.requests(for: "/search").compactMap { $0.queryValue("term") }
    }

    @Test func rockRockPopRockAsksOnceForRockAndOnceForPop() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let environment = environment(server)
        let store = makeStore(environment, clock: TestClock())
        var deals: [[Card]] = []
        for category in [MusicCategory.rock, .rock, .pop, .rock] {
            try await newGame(category, store, environment)
            #expect(store.state.game.phase == .playing)
            #expect(store.state.game.origin == .live)
            deals.append(store.state.game.cards)
        }
        #expect(searchedTerms(server) == ["Rock", "Pop"])
        #expect(deals[0] != deals[1])  // a new shuffle of the same answer
    }

    @Test func aStaleCategoryIsAskedForAgainAfterTenMinutes() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let environment = environment(server)
        let clock = TestClock()
        let store = makeStore(environment, clock: clock)
        try await newGame(.rock, store, environment)
        await clock.advance(by: .seconds(599))
        try await newGame(.rock, store, environment)
        await clock.advance(by: .seconds(1))
        try await newGame(.rock, store, environment)
        #expect(searchedTerms(server) == ["Rock", "Rock"])
    }

    @Test func offlineAfterOneGoodFetchPlaysTheFetchedAlbumsAndSaysFromWhen() async throws {
        let server = try LoopbackHTTPServer()
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let environment = environment(server)
        let clock = TestClock()
        let store = makeStore(environment, clock: clock)
        try await newGame(.rock, store, environment)
        let fetched = try #require(store.state.albums[.rock]?.fetched?.date)
        server.stop()
        await clock.advance(by: .seconds(601))
        try await newGame(.rock, store, environment)
        #expect(store.state.game.origin == .cached(fetched: fetched, reason: "iTunes unreachable"))
        #expect(store.state.game.phase == .playing)
        #expect(store.state.game.cards.allSatisfy { $0.album.artist.hasPrefix("Live Artist") })
        // A category never fetched still falls back to the built-in catalog.
        try await newGame(.pop, store, environment)
        #expect(store.state.game.origin == .offlineFallback(reason: "iTunes unreachable"))
    }

    @Test func theLastGoodAlbumsArePersistedAndPlayedOfflineInTheNextRun() async throws {
        let folder = try TemporaryDirectory()
        let file = AlbumQuery.cacheFile(environment: ["XDG_DATA_HOME": folder.path])
        let server = try LoopbackHTTPServer()
        server.setResponse(.json(Self.tenAlbums), for: "/search")
        let environment = environment(server)
        let first = makeStore(environment, clock: TestClock())
        try await newGame(.metal, first, environment)
        try file.save(first.state.albums.lastGoodAnswers)
        server.stop()

        let second = makeStore(
            environment, clock: TestClock(), state: AppState(albums: file.restoreQueryState()))
        #expect(second.state.albums[.metal]?.isRestored == true)
        try await newGame(.metal, second, environment)
        guard case .cached = second.state.game.origin else {
            Issue.record("expected the cached albums, got \(second.state.game.origin)")
            return
        }
        #expect(second.state.game.cards.allSatisfy { $0.album.artist.hasPrefix("Live Artist") })
    }

    /// A cache written by a newer version: the player is told, and the file is kept as it was.
    @Test func aCacheFromANewerVersionIsToldAndKeptAsItIs() throws {
        let folder = try TemporaryDirectory()
        let file = AlbumQuery.cacheFile(environment: ["XDG_DATA_HOME": folder.path])
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let newer = Data(
            #"{"schemaVersion": 2, "value": {"answers": "a format this version can't read"}}"#.utf8)
        try newer.write(to: file.url)

        let restored = AlbumQuery.restore(from: file)
        let notice = try #require(restored.notice)
        #expect(
            notice == "Saved albums not used: \(file.url.path) is from a newer memory-game "
                + "(kept as it is; albums fetched now aren't saved).")
        #expect(restored.albums.restoreProblem != nil)
        #expect(restored.albums.entries.isEmpty)
        #expect(try Data(contentsOf: file.url) == newer)
    }

    @Test func aCacheOfThisVersionIsRestoredWithoutANotice() throws {
        let folder = try TemporaryDirectory()
        let file = AlbumQuery.cacheFile(environment: ["XDG_DATA_HOME": folder.path])
        try file.save(QuerySnapshot(answers: [.metal: .init(value: [], fetched: Date())]))
        let restored = AlbumQuery.restore(from: file)
        #expect(restored.notice == nil)
        #expect(restored.albums.restoreProblem == nil)
        #expect(restored.albums.entries[.metal]?.value == [])
    }
}
