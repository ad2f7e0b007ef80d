import ReSwift
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// The game's reducer changes the table in place: turning a card writes to the cards' storage
/// where it is, whatever the reducer is reached through (issue 20).
@Suite struct GameInPlaceTests {
    private func cardStorage(_ state: GameState) -> UnsafeRawPointer? {
        state.cards.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func flippingAndTurningBackAMismatchDoNotCopyTheCards() {
        var state = AppState(game: orderedTable(round: 1))
        let before = cardStorage(state.game)
        let reduce = makeInPlaceAppReducer()
        // Checked after each action: a copy is made while the old storage is still alive, so it
        // gets another address (a later copy could land on a freed one again).
        let actions: [Action] = [
            FlipCardAction(index: 0), FlipCardAction(index: 2), ResolveMismatchAction(round: 1),
            MoveCursorAction(.right),
        ]
        for action in actions {
            reduce(action, &state)
            #expect(cardStorage(state.game) == before, "\(action) copied the cards")
        }
        #expect(state.game.misses == 1)
        #expect(state.game.cards.allSatisfy { !$0.isFaceUp })
    }

    @Test func theInPlaceAndClassicReducersAgree() {
        let actions: [Action] = [
            FlipCardAction(index: 0), FlipCardAction(index: 1), FlipCardAction(index: 2),
            FlipCardAction(index: 4),
            ResolveMismatchAction(round: 1), MoveCursorAction(.down), AskForNewBoardAction(),
            KeepBoardAction(),
            MoveMenuHighlightAction(by: 1), CancelFetchAction(),
        ]
        var inPlace = AppState(game: orderedTable(round: 1))
        var classic: AppState? = inPlace
        let reduce = makeInPlaceAppReducer()
        for action in actions {
            reduce(action, &inPlace)
            classic = makeAppReducer()(action, classic)
            #expect(classic?.game == inPlace.game, "after \(action)")
            #expect(classic?.menu == inPlace.menu, "after \(action)")
            #expect(classic?.categories == inPlace.categories, "after \(action)")
        }
        #expect(inPlace.game.pairsFound == 1)
        #expect(inPlace.game.misses == 1)
    }
}
