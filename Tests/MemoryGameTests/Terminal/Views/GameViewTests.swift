import TerminalUI
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct GameViewTests {
    /// Pair 0 found, cards 2 and 4 shown as a mismatch, the cursor on card 5.
    private var midGame: GameState {
        var state = orderedTable()
        state.cards[0].album = Album(artist: "Daft Punk", title: "Random Access Memories")
        state.cards[1].album = state.cards[0].album
        state = GameRules.flip(at: 0, in: state)
        state = GameRules.flip(at: 1, in: state)
        state = GameRules.flip(at: 2, in: state)
        state = GameRules.flip(at: 4, in: state)
        state.cursor = 5
        return state
    }

    @Test func rendersTheTableWithFoundPairsMismatchAndCursor() {
        let text = GameView.lines(midGame, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(
            text == """
                 Memory Tunes · Rock

                 ┌────────────┐  ┌────────────┐  ┌────────────┐  ┌────────────┐
                 │Random Acce…│  │Random Acce…│  │Title 1     │  │░░░░░░░░░░░░│
                 │Daft Punk   │  │Daft Punk   │  │Artist 1    │  │░░░░░░░░░░░░│
                 └── found ───┘  └── found ───┘  └─── miss ───┘  └────────────┘
                 ┌────────────┐  ╔════════════╗  ┌────────────┐  ┌────────────┐
                 │Title 2     │  ║░░░░░░░░░░░░║  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│
                 │Artist 2    │  ║░░░░░░░░░░░░║  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│
                 └─── miss ───┘  ╚════════════╝  └────────────┘  └────────────┘
                """ + "\n" + Self.faceDownRows(2) + "\n" + """

                     Card 6 of 16: face down
                     Rock · pairs 1/8 · misses 1 · offline catalog
                     arrows/hjkl move · Enter/Space flip · Esc menu · q quit
                    """)
    }

    @Test func rendersTheWinMessageWithTheScore() {
        var state = orderedTable()
        state = GameRules.flip(at: 0, in: state)
        state = GameRules.flip(at: 2, in: state)
        state = GameRules.resolveMismatch(in: state, round: state.round)
        for index in 0..<16 { state = GameRules.flip(at: index, in: state) }
        let text = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(text.contains("Great! You won with 1 miss."))
        #expect(text.contains("Enter new game · Esc menu"))
        #expect(!text.contains("░"))
    }

    @Test func theWinMessageCountsMissesInWords() {
        var state = orderedTable()
        state.phase = .won(score: 0)
        let size = TerminalSize(columns: 80, rows: 24)
        #expect(GameView.lines(state, size: size).text.contains("Great! You won with no misses."))
        state.phase = .won(score: 3)
        #expect(GameView.lines(state, size: size).text.contains("Great! You won with 3 misses."))
        #expect(!GameView.lines(state, size: size).text.contains("score"))
    }

    @Test func askingForANewBoardSaysWhatIsLostAndWhichKeysAnswer() {
        var state = orderedTable()
        state.origin = .offlineFallback(reason: "iTunes timed out")
        state.confirmingNewBoard = true
        let text = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(text.contains("Deal a new board from iTunes? This board's progress is lost."))
        #expect(text.contains("y new board · n keep playing · q quit"))
    }

    @Test func aLongNoticeKeepsItsAdviceOnTheBottomRows() {
        let notice =
            "Your choice of category wasn't saved (it lasts until you quit). Couldn't lock "
            + "/home/someone/.local/share/memory-game/settings.json: open "
            + "/home/someone/.local/share/memory-game/settings.json.lock: Permission denied (errno 13). "
            + "Check that its folder is writable and that the lock is a plain file."
        let size = TerminalSize(columns: 80, rows: 24)
        let screen = Array(repeating: Line("row"), count: 24)
        let lines = NoticeArea.lines(screen, notice: notice, size: size)
        #expect(lines.count == 24)
        let bottom = lines.suffix(5).text
        #expect(bottom.contains("Check that its folder is writable"), "the advice was cut off:\n\(bottom)")
        #expect(bottom.hasSuffix(" file."), "the advice was cut off:\n\(bottom)")
        #expect(lines.allSatisfy { $0.width <= 80 })
        let cut = NoticeArea.lines(screen, notice: notice, size: TerminalSize(columns: 30, rows: 9))
        #expect(cut.count == 9)
        #expect(cut.last?.plainText.hasSuffix("…") == true)
    }

    @Test func detailLineShowsTheFullNamesUnderTheCursor() {
        var state = midGame
        state.cursor = 0
        let text = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(text.contains("Card 1 of 16: Daft Punk — Random Access Memories (found)"))
    }

    @Test func showsASpinnerWhileLoading() {
        let state = gameReducer(action: FetchTunesAction(category: .rock), state: GameState())
        let text = GameView.lines(
            state, size: TerminalSize(columns: 80, rows: 24),
            spinner: Spinner(frames: Spinner.dots.frames, tick: 1)
        ).text
        #expect(text.contains("⠙ Loading Rock albums…"))
    }

    @Test func failureSaysWhatHappenedAndOffersRetryOrOffline() {
        let state = gameReducer(
            action: FetchTunesFailedAction(category: .metal, message: "HTTP status 500."), state: GameState())
        let text = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(text.contains("Couldn't load Metal albums."))
        #expect(text.contains("HTTP status 500."))
        #expect(text.contains("r try again · o play the offline catalog"))
    }

    @Test func statusLineSaysWhenTheOfflineCatalogStandsIn() {
        var state = orderedTable()
        state.origin = .offlineFallback(reason: "iTunes unreachable")
        let text = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(
            text.contains(" Rock · pairs 0/8 · misses 0 · offline (iTunes unreachable; r retries)"))
    }

    @Test(arguments: ["iTunes unreachable", "too few iTunes albums", "iTunes reply unreadable"])
    func theStatusLineKeepsTheWayOutAtTheSmallestSize(reason: String) {
        var state = orderedTable()
        state.origin = .offlineFallback(reason: reason)
        state.fallbacksInARow = 3
        let lines = GameView.lines(state, size: GameView.minimumSize)
        #expect(lines.count == GameView.minimumSize.rows)
        let status = lines[lines.count - 2].plainText
        #expect(status.displayWidth <= GameView.minimumSize.columns, "\(status)")
        #expect(status.hasPrefix(" pairs 0/8 · misses 0 · offline (retry 2: "), "\(status)")
        #expect(status.hasSuffix("; r retries)"), "\(status)")
    }

    @Test func theStatusLineSaysARetryFellBackAgain() {
        var state = orderedTable()
        state.origin = .offlineFallback(reason: "iTunes unreachable")
        let cards = state.cards
        let first = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: state.origin), state: GameState())
        #expect(
            GameView.status(first) == " Rock · pairs 0/8 · misses 0 · offline (iTunes unreachable; r retries)"
        )
        let retried = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: state.origin),
            state: gameReducer(action: FetchTunesAction(category: .rock), state: first))
        #expect(
            GameView.status(retried)
                == " Rock · pairs 0/8 · misses 0 · offline (retry 1: iTunes unreachable; r retries)")
        let live = gameReducer(
            action: SetCardsAction(cards: cards, category: .rock, origin: .live), state: retried)
        #expect(live.fallbacksInARow == 0)
    }

    @Test func tooSmallTerminalSaysHowBigItMustBe() {
        let text = GameView.lines(orderedTable(), size: TerminalSize(columns: 40, rows: 12)).text
        #expect(text.contains("Terminal too small"))
        #expect(text.contains("needs \(GameView.minimumSize.columns)×\(GameView.minimumSize.rows), is 40×12"))
    }

    @Test func eachPairHasItsOwnColour() {
        var state = orderedTable()
        for index in [0, 2] { state = GameRules.flip(at: index, in: state) }
        let styles = GameView.lines(state, size: TerminalSize(columns: 80, rows: 24)).flatMap(\.spans).map(
            \.style)
        #expect(styles.contains(Theme.pair(0)))
        #expect(styles.contains(Theme.pair(1)))
        #expect(Theme.pair(0) != Theme.pair(1))
        #expect(Set((0..<GameRules.pairCount).map(Theme.pair)).count == GameRules.pairCount)
    }

    private static func faceDownRows(_ count: Int) -> String {
        let row = """
             ┌────────────┐  ┌────────────┐  ┌────────────┐  ┌────────────┐
             │░░░░░░░░░░░░│  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│
             │░░░░░░░░░░░░│  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│  │░░░░░░░░░░░░│
             └────────────┘  └────────────┘  └────────────┘  └────────────┘
            """
        return Array(repeating: row, count: count).joined(separator: "\n")
    }
}

@Suite struct MenuViewTests {
    @Test func menuShowsTheCurrentCategoryAndHighlight() {
        let state = MenuViewState(menu: MenuState(highlighted: .chooseCategory), category: .metal)
        #expect(
            MenuView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text == """
                 Memory Tunes
                 Find the pairs of albums in as few misses as you can.

                   New Game
                 › Choose Category (Metal)
                   Quit

                 ↑/↓ move · Enter choose · q quit
                """)
    }

    @Test func categoriesMarkTheCurrentOne() {
        let state = CategoriesState(current: .rock, highlighted: .rap)
        let text = CategoriesView.lines(state, size: TerminalSize(columns: 80, rows: 24)).text
        #expect(text.contains("   ✓ Rock"))
        #expect(text.contains(" ›   Rap"))
        #expect(!text.contains("✓ Pop"))
    }
}
