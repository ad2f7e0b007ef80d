import ReSwift
import ReSwiftRouter
import ReSwiftThunk
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@MainActor
@Suite(.timeLimit(.minutes(3))) struct IntentDispatcherCallSiteTests {
    private func makeStore(route: Route, log: CallSiteLog<AppState>) -> Store<AppState> {
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(categories: CategoriesState(current: .rock)),
            middleware: [createThunkMiddleware(), log.middleware])
        store.dispatch(SetRouteAction(route))
        return store
    }

    private func makeDispatcher(_ store: Store<AppState>) -> IntentDispatcher {
        IntentDispatcher(
            store: store,
            environment: GameEnvironment(liveSource: nil, random: RandomSource(seed: 1)))
    }

    @Test func eachIntentsActionCarriesTheDispatchersLineAsItsCallSite() throws {
        let log = CallSiteLog<AppState>()
        let store = makeStore(route: Routes.categoriesRoute, log: log)
        let dispatcher = makeDispatcher(store)
        dispatcher.handle(.moveHighlight(1))
        dispatcher.handle(.choose)
        let moved = try #require(log.callSites(of: "MoveCategoryHighlightAction").first.flatMap { $0 })
        let chosen = try #require(log.callSites(of: "ChangeCategoryAction").first.flatMap { $0 })
        #expect(moved.fileID.description == "MemoryGameTerminal/IntentDispatcher.swift")
        #expect(chosen.fileID.description == "MemoryGameTerminal/IntentDispatcher.swift")
        #expect(moved.line != chosen.line)
        // The first SetRouteAction was the test's own plain dispatch; the one `.choose` sent has the
        // line after ChangeCategoryAction's.
        #expect(log.callSites(of: "SetRouteAction").map { $0?.line } == [nil, chosen.line + 1])
    }

    @Test(.timeLimit(.minutes(3))) func thunkActionsCarryTheLinesThatDispatchedThem() async throws {
        let log = CallSiteLog<AppState>()
        let store = makeStore(route: Routes.menuRoute, log: log)
        let dispatcher = makeDispatcher(store)
        dispatcher.handle(.choose)
        try await withDeadline("the game to be playing") {
            for await game in store.states(\.game) where game.phase == .playing { break }
        }
        let dealt = try #require(log.callSites(of: "SetCardsAction").first.flatMap { $0 })
        #expect(dealt.fileID.description == "MemoryGameModel/GameEffects.swift")
        // The synchronous thunk that started the fetch records its lines too.
        let fetch = try #require(log.callSites(of: "FetchTunesAction").first.flatMap { $0 })
        #expect(fetch.fileID.description == "MemoryGameModel/Thunks.swift")
        dispatcher.handle(.flip)
        let flip = try #require(log.callSites(of: "FlipCardAction").first.flatMap { $0 })
        #expect(flip.fileID.description == "MemoryGameModel/GameEffects.swift")
    }
}
