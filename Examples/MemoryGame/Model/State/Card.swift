/// One card on the table. Two cards with the same `pair` show the same album.
public struct Card: Equatable, Hashable, Sendable {
    /// The album on the card's face.
    public var album: Album
    /// Which pair the card belongs to, `0..<pairCount`; also picks the card's colour.
    public var pair: Int
    /// Whether the card shows its face (while chosen, while a mismatch is shown, or once matched).
    public var isFaceUp: Bool
    /// Whether the card's pair has been found; matched cards stay face up.
    public var isMatched: Bool

    /// Creates a card, face down and unmatched unless told otherwise.
    ///
    /// - Parameters:
    ///   - album: The album on the card's face.
    ///   - pair: The pair the card belongs to.
    ///   - isFaceUp: Whether the card shows its face.
    ///   - isMatched: Whether the card's pair has been found.
    public init(album: Album, pair: Int, isFaceUp: Bool = false, isMatched: Bool = false) {
        self.album = album
        self.pair = pair
        self.isFaceUp = isFaceUp
        self.isMatched = isMatched
    }
}
