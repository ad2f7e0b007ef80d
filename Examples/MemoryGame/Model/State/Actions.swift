import ReSwift

/// Makes `category` the one new games are dealt from (the tutorial's `ChangeCategoryAction`).
public struct ChangeCategoryAction: Action, Equatable, Sendable {
    /// The chosen category.
    public var category: MusicCategory
    /// Creates the action.
    public init(category: MusicCategory) { self.category = category }
}

/// Cards for `category` are being fetched (the tutorial's `FetchTunesAction`); the game shows a spinner.
public struct FetchTunesAction: Action, Equatable, Sendable {
    /// The category being fetched.
    public var category: MusicCategory
    /// Creates the action.
    public init(category: MusicCategory) { self.category = category }
}

/// Puts freshly dealt cards on the table and starts a round (the tutorial's `SetCardsAction`).
/// The cards arrive already shuffled: randomness enters the state only through this payload.
public struct SetCardsAction: Action, Equatable, Sendable {
    /// The dealt, shuffled cards.
    public var cards: [Card]
    /// The category they were dealt for.
    public var category: MusicCategory
    /// Where they came from.
    public var origin: GameState.Origin
    /// The fetch (``GameState/fetch``) that dealt them; ignored when a later fetch started or the
    /// fetch was cancelled. `nil` always applies.
    public var fetch: Int?
    /// Creates the action.
    public init(cards: [Card], category: MusicCategory, origin: GameState.Origin, fetch: Int? = nil) {
        self.cards = cards
        self.category = category
        self.origin = origin
        self.fetch = fetch
    }
}

/// Fetching cards for `category` failed; `message` says what happened and what to do.
public struct FetchTunesFailedAction: Action, Equatable, Sendable {
    /// The category that was being fetched.
    public var category: MusicCategory
    /// What went wrong, for the player.
    public var message: String
    /// The fetch (``GameState/fetch``) that failed; ignored when it was superseded. `nil` always applies.
    public var fetch: Int?
    /// Creates the action.
    public init(category: MusicCategory, message: String, fetch: Int? = nil) {
        self.category = category
        self.message = message
        self.fetch = fetch
    }
}

/// Abandons the running fetch (the player left the game): its result will be ignored.
public struct CancelFetchAction: Action, Equatable, Sendable {
    /// Creates the action.
    public init() {}
}

/// Asks the player to confirm dealing a new board over the one being played.
public struct AskForNewBoardAction: Action, Equatable, Sendable {
    /// Creates the action.
    public init() {}
}

/// The player declined a new board; the game goes on.
public struct KeepBoardAction: Action, Equatable, Sendable {
    /// Creates the action.
    public init() {}
}

/// Turns the card at `index` face up (see ``GameRules/flip(at:in:)->_`` for what happens then).
public struct FlipCardAction: Action, Equatable, Sendable {
    /// The card to turn.
    public var index: Int
    /// Creates the action.
    public init(index: Int) { self.index = index }
}

/// Turns the shown mismatch of round `round` face down again, once its moment is over.
public struct ResolveMismatchAction: Action, Equatable, Sendable {
    /// The round the mismatch belongs to; a stale one is ignored.
    public var round: Int
    /// Creates the action.
    public init(round: Int) { self.round = round }
}

/// Moves the game's cursor one step.
public struct MoveCursorAction: Action, Equatable, Sendable {
    /// Where to move.
    public var direction: GameRules.Direction
    /// Creates the action.
    public init(_ direction: GameRules.Direction) { self.direction = direction }
}

/// Moves the menu's highlight by `offset` entries, stopping at the ends.
public struct MoveMenuHighlightAction: Action, Equatable, Sendable {
    /// How many entries to move; negative moves up.
    public var offset: Int
    /// Creates the action.
    public init(by offset: Int) { self.offset = offset }
}

/// Moves the categories screen's highlight by `offset` rows, stopping at the ends.
public struct MoveCategoryHighlightAction: Action, Equatable, Sendable {
    /// How many rows to move; negative moves up.
    public var offset: Int
    /// Creates the action.
    public init(by offset: Int) { self.offset = offset }
}
