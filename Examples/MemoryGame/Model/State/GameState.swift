import Foundation

/// The game screen's slice of the app state: the cards on the table and how the round is going.
public struct GameState: Equatable, Sendable {
    /// Where the round stands.
    public enum Phase: Equatable, Sendable {
        /// No cards have been asked for yet.
        case idle
        /// Cards for the category are being fetched.
        case loading(MusicCategory)
        /// Fetching failed; the message says what happened. The player may retry or play offline.
        case failed(MusicCategory, message: String)
        /// Cards are on the table and the player is turning them.
        case playing
        /// Every pair has been found; the score is the number of misses.
        case won(score: Int)
    }

    /// Where the cards on the table came from.
    public enum Origin: Equatable, Sendable {
        /// The iTunes Search API.
        case live
        /// The offline catalog, because the player asked for it (`--offline` or after a failure).
        case offline
        /// The offline catalog, because the live service could not be reached; says why, in a few
        /// words (``AlbumSourceError/shortReason``).
        case offlineFallback(reason: String)
        /// The albums last fetched from the live service (at `fetched`), because it could not be
        /// reached now; says why, as ``offlineFallback(reason:)`` does.
        case cached(fetched: Date, reason: String)

        /// Whether the live service was wanted but couldn't be reached, so `r` tries it again.
        public var canRetry: Bool {
            switch self {
            case .offlineFallback, .cached: return true
            case .live, .offline: return false
            }
        }
    }

    /// Two face-up cards that do not match, shown for a moment before they turn face down.
    public struct Mismatch: Equatable, Sendable {
        /// The index of the card turned first.
        public var first: Int
        /// The index of the card turned second.
        public var second: Int

        /// Creates a mismatch of two card indices.
        public init(first: Int, second: Int) {
            self.first = first
            self.second = second
        }
    }

    /// Where the round stands.
    public var phase: Phase
    /// The category the cards were dealt for (or are being fetched for).
    public var category: MusicCategory
    /// The cards, row by row, ``GameRules/columns`` to a row.
    public var cards: [Card]
    /// The index of the card under the cursor.
    public var cursor: Int
    /// How many pairs of turned cards did not match; the score (lower is better).
    public var misses: Int
    /// The mismatch being shown, if any; while it is shown no further card can be turned.
    public var mismatch: Mismatch?
    /// Counts the rounds dealt, so a late "turn the mismatch back" from an earlier round is ignored.
    public var round: Int
    /// Where the cards came from.
    public var origin: Origin
    /// Counts the fetches started (``FetchTunesAction``) or abandoned (``CancelFetchAction``); the
    /// result of an earlier fetch, tagged with its number, is ignored. This number is the handle on
    /// the running fetch: superseding it is how a new game or leaving the game cancels it.
    public var fetch: Int
    /// Whether the player was asked to confirm dealing a new board over the one being played
    /// (`r` while the offline catalog stands in for the service); `y` deals, `n` or Esc keeps playing.
    public var confirmingNewBoard: Bool
    /// How many deals in a row fell back to the offline catalog (``Origin/offlineFallback(reason:)``):
    /// 1 for the first, 2 when a retry fell back again, and so on; 0 for cards from elsewhere. The
    /// status line says a retry failed, so pressing `r` is never met with the same screen as before.
    public var fallbacksInARow: Int

    /// Creates a game state; the default is an idle table with no cards.
    public init(
        phase: Phase = .idle, category: MusicCategory = .defaultCategory, cards: [Card] = [], cursor: Int = 0,
        misses: Int = 0, mismatch: Mismatch? = nil, round: Int = 0, origin: Origin = .live, fetch: Int = 0,
        confirmingNewBoard: Bool = false, fallbacksInARow: Int = 0
    ) {
        self.phase = phase
        self.category = category
        self.cards = cards
        self.cursor = cursor
        self.misses = misses
        self.mismatch = mismatch
        self.round = round
        self.origin = origin
        self.fetch = fetch
        self.confirmingNewBoard = confirmingNewBoard
        self.fallbacksInARow = fallbacksInARow
    }

    /// How many pairs have been found.
    public var pairsFound: Int { cards.filter(\.isMatched).count / 2 }

    /// How many pairs are on the table.
    public var pairCount: Int { cards.count / 2 }
}
