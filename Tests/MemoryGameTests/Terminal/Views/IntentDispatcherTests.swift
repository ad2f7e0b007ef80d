import ReSwift
import ReSwiftRouter
import ReSwiftTesting
import ReSwiftThunk
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@MainActor
@Suite(.timeLimit(.minutes(3))) struct IntentDispatcherTests {
    private func makeStore(
        route: Route, log: ActionRecorder? = nil, clock: some EffectClock = ContinuousEffectClock(),
        live: (any AlbumSource)? = nil
    ) -> Store<AppState> {
        let record: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    log?.record(action)
                    next(action)
                }
            }
        }
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(categories: CategoriesState(current: .rock)),
            middleware: [
                createThunkMiddleware(effects: ThunkEffects(clock: clock)), record,
                AlbumQuery.middleware(live),
            ])
        store.dispatch(SetRouteAction(route))
        return store
    }

    private func makeDispatcher(_ store: Store<AppState>, seed: UInt64 = 1) -> IntentDispatcher {
        IntentDispatcher(
            store: store,
            environment: GameEnvironment(liveSource: nil, random: RandomSource(seed: seed)))
    }

    /// The game slice once it leaves `.loading` (the fetch runs on its own task).
    private func dealt(_ store: Store<AppState>) async throws -> GameState? {
        try await withDeadline("the game to leave .loading") {
            for await game in store.states(\.game) {
                if case .loading = game.phase { continue }
                return game
            }
            return nil
        }
    }

    @Test(.timeLimit(.minutes(3))) func newGameFromTheMenuOpensTheGameAndDealsCards() async throws {
        let store = makeStore(route: Routes.menuRoute)
        let dispatcher = makeDispatcher(store)
        #expect(dispatcher.handle(.choose) == .handled)
        #expect(store.state.navigationState.route == Routes.gameRoute)
        #expect(store.state.game.fetch == 1)
        _ = try await dealt(store)
        #expect(store.state.game.phase == .playing)
        #expect(store.state.game.category == .rock)
        #expect(store.state.game.cards.count == 16)
    }

    @Test func choosingACategoryChangesItAndGoesBackToTheMenu() {
        let store = makeStore(route: Routes.categoriesRoute)
        let dispatcher = makeDispatcher(store)
        dispatcher.handle(.moveHighlight(1))
        dispatcher.handle(.choose)
        #expect(store.state.categories.current == .metal)
        #expect(store.state.navigationState.route == Routes.menuRoute)
    }

    @Test(.timeLimit(.minutes(3))) func flipTurnsTheCardUnderTheCursorAndAMissIsTurnedBack() async throws {
        let clock = TestClock()
        let store = makeStore(route: Routes.gameRoute, clock: clock)
        let dispatcher = makeDispatcher(store)
        dispatcher.startGame(preference: .offline)
        _ = try await dealt(store)
        let cards = store.state.game.cards
        let other = try #require(cards.indices.first { cards[$0].pair != cards[0].pair })
        dispatcher.handle(.flip)
        #expect(store.state.game.cards[0].isFaceUp)
        for _ in 0..<(other / GameRules.columns) { dispatcher.handle(.moveCursor(.down)) }
        for _ in 0..<(other % GameRules.columns) { dispatcher.handle(.moveCursor(.right)) }
        #expect(store.state.game.cursor == other)
        dispatcher.handle(.flip)
        #expect(store.state.game.misses == 1)
        // The miss shows for the mismatch delay (1 s) on the store's clock, a test clock here.
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.game.mismatch != nil)
        await clock.advance(by: .milliseconds(1))
        let turnedBack = store.state.game
        #expect(turnedBack.mismatch == nil)
        #expect(turnedBack.misses == 1)
        #expect(turnedBack.cards.allSatisfy { !$0.isFaceUp })
    }

    @Test func backFromTheGameReturnsToTheMenu() {
        let store = makeStore(route: Routes.gameRoute)
        let dispatcher = makeDispatcher(store)
        dispatcher.handle(.back)
        #expect(store.state.navigationState.route == Routes.menuRoute)
    }

    @Test(.timeLimit(.minutes(3))) func leavingTheGameWhileLoadingDropsTheLateResult() async throws {
        let log = ActionRecorder()
        let release = OneShotSignal()
        let store = makeStore(route: Routes.gameRoute, log: log, live: GatedAlbumSource(release: release))
        let dispatcher = IntentDispatcher(
            store: store,
            environment: GameEnvironment(
                liveSource: GatedAlbumSource(release: release), random: RandomSource(seed: 1)))
        dispatcher.startGame(preference: .live)
        #expect(store.state.game.phase == .loading(.rock))
        dispatcher.handle(.back)
        #expect(store.state.game.phase == .idle)
        release.fire()
        // The fetch's answer comes back, tagged with a fetch that no longer runs: nothing changes.
        try await eventually("the cards of fetch 1") {
            log.actions.contains(where: { ($0 as? SetCardsAction)?.fetch == 1 })
        }
        #expect(store.state.game.phase == .idle)
        #expect(store.state.game.cards.isEmpty)
    }

    @Test(.timeLimit(.minutes(3))) func aNewGameSupersedesTheFetchStillRunning() async throws {
        let log = ActionRecorder()
        let release = OneShotSignal()
        let store = makeStore(route: Routes.gameRoute, log: log, live: GatedAlbumSource(release: release))
        let dispatcher = IntentDispatcher(
            store: store,
            environment: GameEnvironment(
                liveSource: GatedAlbumSource(release: release), random: RandomSource(seed: 1)))
        dispatcher.startGame(preference: .live)
        dispatcher.startGame(preference: .offline)
        #expect(store.state.game.fetch == 2)
        let offline = try await dealt(store)
        #expect(offline?.origin == .offline)
        release.fire()
        try await eventually("the cards of fetch 1") {
            log.actions.contains(where: { ($0 as? SetCardsAction)?.fetch == 1 })
        }
        #expect(store.state.game.origin == .offline, "the superseded live fetch replaced the board")
    }

    @Test func rOnTheStandInCatalogAsksBeforeDealingANewBoard() {
        let store = makeStore(route: Routes.gameRoute)
        let dispatcher = makeDispatcher(store)
        store.dispatch(
            SetCardsAction(
                cards: orderedTable().cards, category: .rock,
                origin: .offlineFallback(reason: "iTunes timed out")))
        store.dispatch(FlipCardAction(index: 0))
        let board = store.state.game
        let ask = KeyBindings.intent(for: .character("r"), on: .game, game: board)
        #expect(ask == .askForNewBoard)
        dispatcher.handle(ask!)
        #expect(store.state.game.confirmingNewBoard)
        #expect(store.state.game.cards == board.cards, "r dealt a new board without asking")
        let no = KeyBindings.intent(for: .character("n"), on: .game, game: store.state.game)
        dispatcher.handle(no!)
        #expect(!store.state.game.confirmingNewBoard)
        #expect(store.state.game.cards == board.cards)
        dispatcher.handle(.askForNewBoard)
        let yes = KeyBindings.intent(for: .character("y"), on: .game, game: store.state.game)
        #expect(yes == .confirmNewBoard)
        dispatcher.handle(yes!)
        #expect(store.state.game.fetch == 1)
        #expect(!store.state.game.confirmingNewBoard)
    }

    @Test func quitEndsTheAppFromAnyScreen() {
        for route in [Routes.menuRoute, Routes.categoriesRoute, Routes.gameRoute] {
            let dispatcher = makeDispatcher(makeStore(route: route))
            #expect(dispatcher.handle(.quit) == .quit)
        }
        let store = makeStore(route: Routes.menuRoute)
        store.dispatch(MoveMenuHighlightAction(by: 2))
        #expect(makeDispatcher(store).handle(.choose) == .quit)
    }
}
