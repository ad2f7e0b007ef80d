import ReSwift
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct ReducerTests {
    @Test func gameStartsIdle() {
        let state = gameReducer(action: ReSwiftInit(), state: nil)
        #expect(state.phase == .idle)
        #expect(state.cards.isEmpty)
    }

    @Test func fetchShowsLoadingAndClearsTheTable() {
        let state = gameReducer(action: FetchTunesAction(category: .metal), state: orderedTable())
        #expect(state.phase == .loading(.metal))
        #expect(state.category == .metal)
        #expect(state.cards.isEmpty)
    }

    @Test func setCardsStartsANewRound() {
        var before = orderedTable(round: 4)
        before.misses = 3
        before.cursor = 7
        let cards = orderedTable().cards
        let state = gameReducer(
            action: SetCardsAction(cards: cards, category: .rap, origin: .live), state: before)
        #expect(state.phase == .playing)
        #expect(state.cards == cards)
        #expect(state.round == 5)
        #expect(state.misses == 0)
        #expect(state.cursor == 0)
        #expect(state.category == .rap)
        #expect(state.origin == .live)
    }

    @Test func failedFetchKeepsTheMessage() {
        let state = gameReducer(
            action: FetchTunesFailedAction(category: .pop, message: "HTTP 500"), state: GameState())
        #expect(state.phase == .failed(.pop, message: "HTTP 500"))
    }

    @Test func aResultOfASupersededOrCancelledFetchIsIgnored() {
        var state = gameReducer(action: FetchTunesAction(category: .rock), state: GameState())
        #expect(state.fetch == 1)
        state = gameReducer(action: FetchTunesAction(category: .rock), state: state)
        #expect(state.fetch == 2)
        let cards = orderedTable().cards
        let stale = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: .live, fetch: 1), state: state)
        #expect(stale == state)
        let failed = gameReducer(
            action: FetchTunesFailedAction(category: .rock, message: "x", fetch: 1), state: state)
        #expect(failed == state)
        let current = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: .live, fetch: 2), state: state)
        #expect(current.phase == .playing)
        #expect(current.fetch == 2)
        let cancelled = gameReducer(action: CancelFetchAction(), state: state)
        #expect(cancelled.phase == .idle)
        let late = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: .live, fetch: 2), state: cancelled)
        #expect(late == cancelled)
    }

    @Test func askingForANewBoardOnlyHappensWhilePlaying() {
        var state = gameReducer(action: AskForNewBoardAction(), state: orderedTable())
        #expect(state.confirmingNewBoard)
        state = gameReducer(action: KeepBoardAction(), state: state)
        #expect(!state.confirmingNewBoard)
        #expect(!gameReducer(action: AskForNewBoardAction(), state: GameState()).confirmingNewBoard)
    }

    @Test func flipAndResolveGoThroughTheRules() {
        var state = gameReducer(action: FlipCardAction(index: 0), state: orderedTable(round: 2))
        state = gameReducer(action: FlipCardAction(index: 2), state: state)
        #expect(state.misses == 1)
        state = gameReducer(action: ResolveMismatchAction(round: 2), state: state)
        #expect(state.mismatch == nil)
        #expect(state.cards.allSatisfy { !$0.isFaceUp })
    }

    @Test func cursorActionMovesTheCursor() {
        let state = gameReducer(action: MoveCursorAction(.down), state: orderedTable())
        #expect(state.cursor == 4)
    }

    @Test func changeCategorySetsCurrentAndHighlight() {
        let state = categoriesReducer(
            action: ChangeCategoryAction(category: .electronic), state: CategoriesState(current: .pop))
        #expect(state.current == .electronic)
        #expect(state.highlighted == .electronic)
    }

    @Test func categoryHighlightMovesAndStopsAtTheEnds() {
        var state = CategoriesState(current: .pop)
        state = categoriesReducer(action: MoveCategoryHighlightAction(by: 1), state: state)
        #expect(state.highlighted == .electronic)
        #expect(state.current == .pop)
        state = categoriesReducer(action: MoveCategoryHighlightAction(by: 10), state: state)
        #expect(state.highlighted == .rap)
        state = categoriesReducer(action: MoveCategoryHighlightAction(by: -10), state: state)
        #expect(state.highlighted == .pop)
    }

    @Test func menuHighlightMovesAndStopsAtTheEnds() {
        var state = menuReducer(action: ReSwiftInit(), state: nil)
        #expect(state.highlighted == .newGame)
        state = menuReducer(action: MoveMenuHighlightAction(by: 1), state: state)
        #expect(state.highlighted == .chooseCategory)
        state = menuReducer(action: MoveMenuHighlightAction(by: 5), state: state)
        #expect(state.highlighted == .quit)
        state = menuReducer(action: MoveMenuHighlightAction(by: -5), state: state)
        #expect(state.highlighted == .newGame)
    }

    @Test func reducersIgnoreOtherActions() {
        let table = orderedTable()
        #expect(gameReducer(action: ChangeCategoryAction(category: .rap), state: table) == table)
        let categories = CategoriesState(current: .rock)
        #expect(categoriesReducer(action: FlipCardAction(index: 1), state: categories) == categories)
    }
}
