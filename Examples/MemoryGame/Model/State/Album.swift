import Foundation

/// An album a pair of cards shows: who made it, what it is called, and (from the live service) its art.
public struct Album: Equatable, Hashable, Codable, Sendable {
    /// The artist's name, e.g. "Daft Punk".
    public var artist: String
    /// The album's title, e.g. "Discovery".
    public var title: String
    /// The album art's address (`artworkUrl100`); `nil` for albums from the offline catalog.
    public var artworkURL: URL?

    /// Creates an album.
    ///
    /// - Parameters:
    ///   - artist: The artist's name.
    ///   - title: The album's title.
    ///   - artworkURL: The album art's address, when known.
    public init(artist: String, title: String, artworkURL: URL? = nil) {
        self.artist = artist
        self.title = title
        self.artworkURL = artworkURL
    }
}
