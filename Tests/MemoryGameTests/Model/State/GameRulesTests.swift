import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct GameRulesTests {
    @Test func dealMakesEightShuffledPairs() throws {
        var generator = SplitMix64(seed: 9)
        let cards = try #require(
            GameRules.deal(from: OfflineCatalog.standardAlbumsForTests(.rock), using: &generator))
        #expect(cards.count == 16)
        #expect(Set(cards.map(\.pair)) == Set(0..<8))
        for pair in 0..<8 {
            let members = cards.filter { $0.pair == pair }
            #expect(members.count == 2)
            #expect(members[0].album == members[1].album)
        }
        #expect(cards.allSatisfy { !$0.isFaceUp && !$0.isMatched })
        let pairsInOrder = cards.map(\.pair)
        #expect(pairsInOrder != [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7])
    }

    @Test func dealWithTheSameSeedReplaysExactly() {
        var first = SplitMix64(seed: 2024)
        var second = SplitMix64(seed: 2024)
        let albums = OfflineCatalog.standardAlbumsForTests(.metal)
        #expect(GameRules.deal(from: albums, using: &first) == GameRules.deal(from: albums, using: &second))
    }

    @Test func dealRefusesTooFewAlbums() {
        var generator = SplitMix64(seed: 1)
        #expect(GameRules.deal(from: Array(sampleAlbums.prefix(7)), using: &generator) == nil)
    }

    @Test func firstFlipTurnsOneCardAndWaits() {
        let state = GameRules.flip(at: 0, in: orderedTable())
        #expect(state.cards[0].isFaceUp)
        #expect(!state.cards[0].isMatched)
        #expect(state.mismatch == nil)
        #expect(state.misses == 0)
    }

    @Test func matchingPairStaysUpAndIsMarkedFound() {
        var state = GameRules.flip(at: 0, in: orderedTable())
        state = GameRules.flip(at: 1, in: state)
        #expect(state.cards[0].isMatched && state.cards[1].isMatched)
        #expect(state.cards[0].isFaceUp && state.cards[1].isFaceUp)
        #expect(state.pairsFound == 1)
        #expect(state.misses == 0)
        #expect(state.mismatch == nil)
        #expect(state.phase == .playing)
    }

    @Test func mismatchCountsAMissAndStaysUpUntilResolved() {
        var state = GameRules.flip(at: 0, in: orderedTable())
        state = GameRules.flip(at: 2, in: state)
        #expect(state.misses == 1)
        #expect(state.mismatch == GameState.Mismatch(first: 0, second: 2))
        #expect(state.cards[0].isFaceUp && state.cards[2].isFaceUp)
        #expect(!state.cards[0].isMatched && !state.cards[2].isMatched)

        state = GameRules.resolveMismatch(in: state, round: state.round)
        #expect(state.mismatch == nil)
        #expect(!state.cards[0].isFaceUp && !state.cards[2].isFaceUp)
        #expect(state.misses == 1)
    }

    @Test func thirdCardIsNeverTurnedWhileAMismatchIsShown() {
        var state = GameRules.flip(at: 0, in: orderedTable())
        state = GameRules.flip(at: 2, in: state)
        let shown = state
        state = GameRules.flip(at: 4, in: state)
        #expect(state == shown)
        #expect(!state.cards[4].isFaceUp)
        #expect(state.cards.filter(\.isFaceUp).count == 2)
    }

    @Test func turningAFaceUpCardAgainDoesNothing() {
        let once = GameRules.flip(at: 0, in: orderedTable())
        #expect(GameRules.flip(at: 0, in: once) == once)
    }

    @Test func flipOffTheTableOrOutsideARoundDoesNothing() {
        let table = orderedTable()
        #expect(GameRules.flip(at: 16, in: table) == table)
        #expect(GameRules.flip(at: -1, in: table) == table)
        var loading = table
        loading.phase = .loading(.rock)
        #expect(GameRules.flip(at: 0, in: loading) == loading)
    }

    @Test func staleResolveFromAnEarlierRoundIsIgnored() {
        var state = GameRules.flip(at: 0, in: orderedTable(round: 3))
        state = GameRules.flip(at: 2, in: state)
        #expect(GameRules.resolveMismatch(in: state, round: 2) == state)
    }

    @Test func findingEveryPairWinsWithMissesAsTheScore() {
        var state = orderedTable()
        state = GameRules.flip(at: 0, in: state)
        state = GameRules.flip(at: 3, in: state)
        state = GameRules.resolveMismatch(in: state, round: state.round)
        state = GameRules.flip(at: 5, in: state)
        state = GameRules.flip(at: 6, in: state)
        state = GameRules.resolveMismatch(in: state, round: state.round)
        for pair in 0..<8 {
            #expect(state.phase == .playing)
            state = GameRules.flip(at: 2 * pair, in: state)
            state = GameRules.flip(at: 2 * pair + 1, in: state)
        }
        #expect(state.phase == .won(score: 2))
        #expect(state.pairsFound == 8)
        #expect(state.misses == 2)
    }

    @Test func flipAfterWinningDoesNothing() {
        var state = orderedTable()
        for index in 0..<16 { state = GameRules.flip(at: index, in: state) }
        #expect(state.phase == .won(score: 0))
        #expect(GameRules.flip(at: 0, in: state) == state)
    }

    @Test func cursorMovesInAFourColumnGridAndStopsAtEdges() {
        #expect(GameRules.move(.right, from: 0, cardCount: 16) == 1)
        #expect(GameRules.move(.left, from: 0, cardCount: 16) == 0)
        #expect(GameRules.move(.right, from: 3, cardCount: 16) == 3)
        #expect(GameRules.move(.left, from: 4, cardCount: 16) == 4)
        #expect(GameRules.move(.down, from: 1, cardCount: 16) == 5)
        #expect(GameRules.move(.down, from: 13, cardCount: 16) == 13)
        #expect(GameRules.move(.up, from: 5, cardCount: 16) == 1)
        #expect(GameRules.move(.up, from: 2, cardCount: 16) == 2)
    }
}

extension OfflineCatalog {
    static func standardAlbumsForTests(_ category: MusicCategory) -> [Album] {
        standard.albumsByCategory[category] ?? []
    }
}
