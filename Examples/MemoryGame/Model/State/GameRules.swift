/// The rules of the memory game as pure functions over ``GameState``: dealing, turning a card,
/// matching, missing, and finishing. Reducers call these; nothing here reads a clock or a random
/// source (the shuffle's randomness comes in as a generator the caller seeded).
public enum GameRules {
    /// How many pairs a game deals.
    public static let pairCount = 8
    /// How many cards a row of the table holds.
    public static let columns = 4

    /// Deals a table: picks ``pairCount`` albums, makes two cards of each, and shuffles them.
    ///
    /// - Parameters:
    ///   - albums: The albums to choose from; at least ``pairCount``.
    ///   - random: The generator that decides which albums and the order; a seeded one replays exactly.
    /// - Returns: `2 * pairCount` face-down cards, or `nil` when there are too few albums.
    public static func deal(from albums: [Album], using random: inout SplitMix64) -> [Card]? {
        guard albums.count >= pairCount else { return nil }
        let chosen = random.shuffled(albums).prefix(pairCount)
        let cards = chosen.enumerated().flatMap { pair, album in
            [Card(album: album, pair: pair), Card(album: album, pair: pair)]
        }
        return random.shuffled(cards)
    }

    /// Starts a round with the given cards: nothing turned, no misses, cursor on the first card.
    ///
    /// - Parameters:
    ///   - cards: The dealt cards.
    ///   - category: The category they were dealt for.
    ///   - origin: Where they came from.
    ///   - previous: The state before, whose round counter is carried on.
    /// - Returns: A playing state.
    public static func start(
        cards: [Card], category: MusicCategory, origin: GameState.Origin, after previous: GameState
    ) -> GameState {
        var fallbacks = 0
        if origin.canRetry { fallbacks = previous.fallbacksInARow + 1 }
        return GameState(
            phase: .playing, category: category, cards: cards, cursor: 0, misses: 0, mismatch: nil,
            round: previous.round + 1, origin: origin, fetch: previous.fetch, fallbacksInARow: fallbacks)
    }

    /// Turns the card at `index` face up and applies the rules.
    ///
    /// - One card up: it waits for the second.
    /// - Two up and the same album: both stay up, marked matched; the last pair wins the game.
    /// - Two up and different: both stay up as a ``GameState/Mismatch`` and the miss counts at once;
    ///   ``resolveMismatch(in:round:)->_`` turns them back later.
    ///
    /// Ignored (the state comes back unchanged) when no round is being played, while a mismatch is
    /// shown (so a third card is never turned), for an index off the table, and for a card that is
    /// already face up.
    ///
    /// - Parameters:
    ///   - index: The card to turn.
    ///   - state: The state before.
    /// - Returns: The state after.
    public static func flip(at index: Int, in state: GameState) -> GameState {
        var next = state
        flip(at: index, in: &next)
        return next
    }

    /// ``flip(at:in:)-(_,GameState)`` in place: the cards are changed where they are, not copied.
    ///
    /// - Parameters:
    ///   - index: The card to turn.
    ///   - state: The state to change.
    public static func flip(at index: Int, in state: inout GameState) {
        guard state.phase == .playing, state.mismatch == nil, state.cards.indices.contains(index),
            !state.cards[index].isFaceUp
        else { return }
        let waiting = state.cards.indices.first { state.cards[$0].isFaceUp && !state.cards[$0].isMatched }
        state.cards[index].isFaceUp = true
        guard let other = waiting else { return }
        if state.cards[other].pair == state.cards[index].pair {
            state.cards[other].isMatched = true
            state.cards[index].isMatched = true
            if state.cards.allSatisfy(\.isMatched) {
                state.phase = .won(score: state.misses)
            }
        } else {
            state.misses += 1
            state.mismatch = GameState.Mismatch(first: other, second: index)
        }
    }

    /// Turns a shown mismatch of `round` face down; ignored for another round or no mismatch.
    ///
    /// - Parameters:
    ///   - state: The state before.
    ///   - round: The round the mismatch belongs to.
    /// - Returns: The state after.
    public static func resolveMismatch(in state: GameState, round: Int) -> GameState {
        var next = state
        resolveMismatch(in: &next, round: round)
        return next
    }

    /// ``resolveMismatch(in:round:)-(GameState,_)`` in place.
    ///
    /// - Parameters:
    ///   - state: The state to change.
    ///   - round: The round the mismatch belongs to.
    public static func resolveMismatch(in state: inout GameState, round: Int) {
        guard round == state.round, let mismatch = state.mismatch else { return }
        state.cards[mismatch.first].isFaceUp = false
        state.cards[mismatch.second].isFaceUp = false
        state.mismatch = nil
    }

    public enum Direction: Sendable, Equatable {
        /// One card left.
        case left
        /// One card right.
        case right
        /// One row up.
        case up
        /// One row down.
        case down
    }

    /// Moves the cursor one step, stopping at the table's edges.
    ///
    /// - Parameters:
    ///   - direction: Where to move.
    ///   - cursor: The cursor's index now.
    ///   - cardCount: How many cards are on the table.
    /// - Returns: The cursor's new index.
    public static func move(_ direction: Direction, from cursor: Int, cardCount: Int) -> Int {
        guard cardCount > 0 else { return 0 }
        let row = cursor / columns
        let column = cursor % columns
        let target: Int
        switch direction {
        case .left: target = column > 0 ? cursor - 1 : cursor
        case .right: target = column < columns - 1 ? cursor + 1 : cursor
        case .up: target = row > 0 ? cursor - columns : cursor
        case .down: target = cursor + columns
        }
        return target < cardCount ? target : cursor
    }
}
