import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftTesting
import ReSwiftThunk
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct GameEffectsTests {
    private func environment(live: (any AlbumSource)?, seed: UInt64 = 5) -> GameEnvironment {
        GameEnvironment(liveSource: live, random: RandomSource(seed: seed))
    }

    /// Runs `loadCards` (``FetchTunesAction``, then ``GameEffects/dealCards(category:preference:environment:fetch:dispatch:)``) in a store with
    /// the album query, as the app does; returns the game's actions (the query's left out) and
    /// the game slice after.
    private func load(
        _ category: MusicCategory, preference: GameEffects.SourcePreference, environment: GameEnvironment
    ) async throws -> (actions: [Action], game: GameState) {
        let log = ActionRecorder()
        let record: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    if String(reflecting: type(of: action)).hasPrefix("MemoryGameModel.") {
                        log.record(action)
                    }
                    next(action)
                }
            }
        }
        let store = Store<AppState>(
            reducer: makeInPlaceAppReducer(), state: AppState(),
            middleware: [record, createThunkMiddleware(), AlbumQuery.middleware(environment.liveSource)])
        try await store.dispatch(
            AsyncThunk<AppState, Void> { dispatch, _ in
                await loadCards(
                    category: category, preference: preference, environment: environment, dispatch: dispatch)
            })
        return (log.actions, store.state.game)
    }

    private var liveAlbums: [Album] {
        (0..<10).map {
            Album(artist: "Live \($0)", title: "Album \($0)", artworkURL: URL(string: "https://a/\($0)"))
        }
    }

    @Test func liveFetchDealsLiveAlbums() async throws {
        let live = FakeAlbumSource(result: .success(liveAlbums))
        let harness = try await load(.rock, preference: .live, environment: environment(live: live))
        #expect(harness.actions.first as? FetchTunesAction == FetchTunesAction(category: .rock))
        let set = try #require(harness.actions.last as? SetCardsAction)
        #expect(set.origin == .live)
        #expect(set.cards.count == 16)
        #expect(set.cards.allSatisfy { $0.album.artist.hasPrefix("Live") })
        #expect(harness.game.phase == .playing)
    }

    @Test func unreachableServiceFallsBackToTheOfflineCatalogAndSaysWhy() async throws {
        let live = FakeAlbumSource(result: .failure(AlbumSourceError(.unreachable(detail: "unknown host x"))))
        let harness = try await load(.metal, preference: .live, environment: environment(live: live))
        let set = try #require(harness.actions.last as? SetCardsAction)
        guard case .offlineFallback(let reason) = set.origin else {
            Issue.record("expected an offline fallback, got \(set.origin)")
            return
        }
        #expect(reason == "iTunes unreachable")
        let catalog = try await OfflineCatalog.standard.albums(for: .metal)
        #expect(set.cards.allSatisfy { catalog.contains($0.album) })
    }

    @Test func timeoutAlsoFallsBackToTheOfflineCatalog() async throws {
        let live = FakeAlbumSource(result: .failure(AlbumSourceError(.timedOut(seconds: 2))))
        let harness = try await load(.pop, preference: .live, environment: environment(live: live))
        let set = try #require(harness.actions.last as? SetCardsAction)
        #expect(set.origin == .offlineFallback(reason: "iTunes timed out"))
    }

    @Test func httpErrorFailsWithAMessageInsteadOfFallingBack() async throws {
        let live = FakeAlbumSource(result: .failure(AlbumSourceError(.httpStatus(500))))
        let harness = try await load(.rap, preference: .live, environment: environment(live: live))
        #expect(harness.actions.count == 2)
        #expect(
            harness.game.phase == .failed(.rap, message: AlbumSourceError(.httpStatus(500)).description))
    }

    @Test func tooFewDistinctAlbumsFails() async throws {
        let live = FakeAlbumSource(result: .success(Array(liveAlbums.prefix(5))))
        let harness = try await load(.rock, preference: .live, environment: environment(live: live))
        let message = AlbumSourceError(.tooFewAlbums(found: 5, needed: 8)).description
        #expect(harness.game.phase == .failed(.rock, message: message))
    }

    @Test func tooFewAlbumsIsWordedForNoneOneAndMany() {
        #expect(
            AlbumSourceError(.tooFewAlbums(found: 0, needed: 8)).description
                == "The iTunes Search API found no albums; a game needs 8.")
        #expect(
            AlbumSourceError(.tooFewAlbums(found: 1, needed: 8)).description
                == "The iTunes Search API found only 1 distinct album; a game needs 8.")
        #expect(
            AlbumSourceError(.tooFewAlbums(found: 5, needed: 8)).description
                == "The iTunes Search API found only 5 distinct albums; a game needs 8.")
    }

    @Test func offlinePreferenceNeverAsksTheLiveService() async throws {
        let live = FakeAlbumSource(result: .failure(AlbumSourceError(.httpStatus(500))))
        let harness = try await load(.rock, preference: .offline, environment: environment(live: live))
        let set = try #require(harness.actions.last as? SetCardsAction)
        #expect(set.origin == .offline)
    }

    @Test func sameSeedDealsTheSameGame() async throws {
        let first = GameHarness()
        let second = GameHarness()
        await loadCards(
            category: .rock, preference: .offline, environment: environment(live: nil, seed: 77),
            dispatch: AsyncThunkDispatch(first.dispatch))
        await loadCards(
            category: .rock, preference: .offline, environment: environment(live: nil, seed: 77),
            dispatch: AsyncThunkDispatch(second.dispatch))
        #expect(first.current.cards == second.current.cards)
    }

    @Test func flipReportsANewMismatchWithItsRound() {
        let harness = GameHarness(orderedTable(round: 4))
        let first = GameEffects.flipCard(
            at: 0, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current })
        #expect(first == nil)
        let second = GameEffects.flipCard(
            at: 2, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current })
        #expect(second == 4)
        #expect(harness.current.mismatch == GameState.Mismatch(first: 0, second: 2))
    }

    @Test func matchingFlipReportsNoMismatch() {
        let harness = GameHarness(orderedTable())
        _ = GameEffects.flipCard(
            at: 0, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current })
        #expect(
            GameEffects.flipCard(
                at: 1, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current }) == nil)
        #expect(harness.current.pairsFound == 1)
    }

    @Test func inputDuringAMismatchReportsNoSecondMismatch() {
        var table = orderedTable(round: 1)
        table = GameRules.flip(at: 0, in: table)
        table = GameRules.flip(at: 2, in: table)
        let harness = GameHarness(table)
        #expect(
            GameEffects.flipCard(
                at: 4, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current }) == nil)
        #expect(
            GameEffects.flipCard(
                at: 2, dispatch: ThunkDispatch(harness.dispatch), getState: { harness.current }) == nil)
        #expect(harness.current.mismatch == GameState.Mismatch(first: 0, second: 2))
    }

    @Test func mismatchIsTurnedBackAfterTheDelayOnTheStoresClock() async {
        let clock = TestClock()
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(game: orderedTable(round: 1)),
            middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
        let environment = GameEnvironment(liveSource: nil, random: RandomSource(seed: 1), mismatchDelay: 1)
        store.dispatch(flipCard(at: 0, environment: environment))
        store.dispatch(flipCard(at: 2, environment: environment))
        #expect(store.state.game.mismatch == GameState.Mismatch(first: 0, second: 2))

        // No real time passes: the timer waits on the test clock.
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.game.mismatch == GameState.Mismatch(first: 0, second: 2))
        await clock.advance(by: .milliseconds(1))
        #expect(store.state.game.mismatch == nil)
        #expect(store.state.game.misses == 1)
        #expect(store.state.game.cards.allSatisfy { !$0.isFaceUp })
    }

    @Test func cancellingTheMismatchTimerLeavesTheCardsUp() async {
        let clock = TestClock()
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(game: orderedTable(round: 1)),
            middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
        let environment = GameEnvironment(liveSource: nil, random: RandomSource(seed: 1), mismatchDelay: 1)
        store.dispatch(flipCard(at: 0, environment: environment))
        store.dispatch(flipCard(at: 2, environment: environment))
        await clock.settle()
        store.cancelThunks(id: MismatchTimer())
        await clock.advance(by: .seconds(2))
        #expect(store.state.game.mismatch == GameState.Mismatch(first: 0, second: 2))
    }
}
