/// Where a game's albums come from. The iTunes Search API client and the offline catalog both
/// provide albums this way, so the card-fetching thunk does not care which one it has.
public protocol AlbumSource: Sendable {
    /// The albums for a category, distinct by artwork, in the source's order.
    ///
    /// - Parameter category: The category to search.
    /// - Returns: The distinct albums found (possibly fewer than a game needs).
    /// - Throws: ``AlbumSourceError`` when the albums could not be fetched.
    func albums(for category: MusicCategory) async throws -> [Album]
}
