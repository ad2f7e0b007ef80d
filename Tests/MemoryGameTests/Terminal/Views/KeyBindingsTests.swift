import TerminalUI
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct KeyBindingsTests {
    private let playing = orderedTable()

    @Test func qAndCtrlCQuitEverywhere() {
        for screen in [Screen.menu, .categories, .game] {
            #expect(KeyBindings.intent(for: .character("q"), on: screen, game: playing) == .quit)
            #expect(KeyBindings.intent(for: .ctrl("c"), on: screen, game: playing) == .quit)
        }
    }

    @Test func escapeAndBackspaceGoBackBelowTheMenu() {
        #expect(KeyBindings.intent(for: .escape, on: .game, game: playing) == .back)
        #expect(KeyBindings.intent(for: .backspace, on: .categories, game: playing) == .back)
        #expect(KeyBindings.intent(for: .escape, on: .menu, game: playing) == nil)
    }

    @Test func listsMoveAndChoose() {
        #expect(KeyBindings.intent(for: .down, on: .menu, game: playing) == .moveHighlight(1))
        #expect(
            KeyBindings.intent(for: .character("k"), on: .categories, game: playing) == .moveHighlight(-1))
        #expect(KeyBindings.intent(for: .enter, on: .menu, game: playing) == .choose)
        #expect(KeyBindings.intent(for: .space, on: .categories, game: playing) == .choose)
    }

    @Test func gameMovesWithArrowsAndHjklAndFlipsWithEnterOrSpace() {
        #expect(KeyBindings.intent(for: .left, on: .game, game: playing) == .moveCursor(.left))
        #expect(KeyBindings.intent(for: .character("l"), on: .game, game: playing) == .moveCursor(.right))
        #expect(KeyBindings.intent(for: .character("k"), on: .game, game: playing) == .moveCursor(.up))
        #expect(KeyBindings.intent(for: .down, on: .game, game: playing) == .moveCursor(.down))
        #expect(KeyBindings.intent(for: .enter, on: .game, game: playing) == .flip)
        #expect(KeyBindings.intent(for: .space, on: .game, game: playing) == .flip)
        #expect(KeyBindings.intent(for: .character("r"), on: .game, game: playing) == nil)
    }

    @Test func afterAWinEnterDealsANewGame() {
        var won = playing
        won.phase = .won(score: 3)
        #expect(KeyBindings.intent(for: .enter, on: .game, game: won) == .newGame)
        #expect(KeyBindings.intent(for: .left, on: .game, game: won) == nil)
        #expect(KeyBindings.intent(for: .escape, on: .game, game: won) == .back)
    }

    @Test func afterAFailureROrEnterRetriesAndOPlaysOffline() {
        let failed = GameState(phase: .failed(.rock, message: "HTTP status 500"))
        #expect(KeyBindings.intent(for: .character("r"), on: .game, game: failed) == .retry)
        #expect(KeyBindings.intent(for: .enter, on: .game, game: failed) == .retry)
        #expect(KeyBindings.intent(for: .character("o"), on: .game, game: failed) == .playOffline)
    }

    @Test func rAsksBeforeDealingOverTheBoardWhileTheOfflineCatalogStandsIn() {
        var fallback = playing
        fallback.origin = .offlineFallback(reason: "no network")
        #expect(KeyBindings.intent(for: .character("r"), on: .game, game: fallback) == .askForNewBoard)
        fallback.confirmingNewBoard = true
        #expect(KeyBindings.intent(for: .character("y"), on: .game, game: fallback) == .confirmNewBoard)
        #expect(KeyBindings.intent(for: .character("n"), on: .game, game: fallback) == .keepBoard)
        #expect(KeyBindings.intent(for: .escape, on: .game, game: fallback) == .keepBoard)
        #expect(KeyBindings.intent(for: .enter, on: .game, game: fallback) == nil, "a flip while asking")
        #expect(KeyBindings.intent(for: .character("q"), on: .game, game: fallback) == .quit)
    }

    @Test func afterAWinOnTheStandInCatalogRRetriesAsTheStatusLineSays() {
        var won = playing
        won.phase = .won(score: 2)
        won.origin = .offlineFallback(reason: "iTunes timed out")
        #expect(GameView.status(won).contains("r retries"))
        #expect(KeyBindings.intent(for: .character("r"), on: .game, game: won) == .retry)
    }

    @Test func onlyQuitActsWhileTheTerminalIsTooSmall() {
        for key: Key in [
            .enter, .character(" "), .left, .character("l"), .escape, .backspace, .character("r"),
        ] {
            #expect(
                KeyBindings.intent(for: key, on: .game, game: playing, screenFits: false) == nil, "\(key)")
        }
        #expect(
            KeyBindings.intent(for: .character("q"), on: .game, game: playing, screenFits: false) == .quit)
        #expect(KeyBindings.intent(for: .ctrl("c"), on: .game, game: playing, screenFits: false) == .quit)
        #expect(!GameView.fits(playing, size: TerminalSize(columns: 40, rows: 12)))
        #expect(GameView.fits(playing, size: TerminalSize(columns: 80, rows: 24)))
    }

    @Test func routesNameTheirScreens() {
        #expect(Screen(route: ["menu"]) == .menu)
        #expect(Screen(route: ["menu", "categories"]) == .categories)
        #expect(Screen(route: ["menu", "game"]) == .game)
        #expect(Screen(route: []) == nil)
    }
}
