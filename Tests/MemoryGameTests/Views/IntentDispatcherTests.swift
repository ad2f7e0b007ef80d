import ReSwift
import ReSwiftRouter
import ReSwiftThunk
import Testing

@testable import MemoryGameCore

@MainActor
@Suite struct IntentDispatcherTests {
    private func makeStore(route: Route) -> Store<AppState> {
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(categories: CategoriesState(current: .rock)),
            middleware: [createThunkMiddleware()])
        store.dispatch(SetRouteAction(route))
        return store
    }

    private func makeDispatcher(_ store: Store<AppState>, seed: UInt64 = 1) -> IntentDispatcher {
        IntentDispatcher(
            store: store,
            environment: GameEnvironment(liveSource: nil, random: RandomSource(seed: seed)) { _ in })
    }

    @Test func newGameFromTheMenuOpensTheGameAndDealsCards() async {
        let store = makeStore(route: Routes.menuRoute)
        let dispatcher = makeDispatcher(store)
        #expect(dispatcher.handle(.choose) == .handled)
        #expect(store.state.navigationState.route == Routes.gameRoute)
        await dispatcher.currentFetch?.value
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

    @Test func flipTurnsTheCardUnderTheCursorAndAMissIsTurnedBack() async throws {
        let store = makeStore(route: Routes.gameRoute)
        let dispatcher = makeDispatcher(store)
        dispatcher.startGame(preference: .offline)
        await dispatcher.currentFetch?.value
        let cards = store.state.game.cards
        let other = try #require(cards.indices.first { cards[$0].pair != cards[0].pair })
        dispatcher.handle(.flip)
        #expect(store.state.game.cards[0].isFaceUp)
        for _ in 0..<(other / GameRules.columns) { dispatcher.handle(.moveCursor(.down)) }
        for _ in 0..<(other % GameRules.columns) { dispatcher.handle(.moveCursor(.right)) }
        #expect(store.state.game.cursor == other)
        dispatcher.handle(.flip)
        #expect(store.state.game.misses == 1)
        var turnedBack: GameState?
        for await game in store.states(\.game) where game.mismatch == nil {
            turnedBack = game
            break
        }
        #expect(turnedBack?.misses == 1)
        #expect(turnedBack?.cards.allSatisfy { !$0.isFaceUp } == true)
    }

    @Test func backFromTheGameReturnsToTheMenu() {
        let store = makeStore(route: Routes.gameRoute)
        let dispatcher = makeDispatcher(store)
        dispatcher.handle(.back)
        #expect(store.state.navigationState.route == Routes.menuRoute)
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
