import Foundation
import HTTPTransport

/// Fetches albums for a category from the iTunes Search API
/// (`GET <base>/search?term=<category>&media=music&entity=album&limit=<n>`), keeping one album per
/// artwork URL, as the tutorial's cards were paired by their art.
///
/// ```swift
/// let client = ITunesSearchClient(baseURL: URL(string: "http://127.0.0.1:8080")!, timeout: 2)
/// let albums = try await client.albums(for: .rock)
/// ```
public struct ITunesSearchClient: AlbumSource {
    /// The public service's address.
    public static let defaultBaseURL = URL(string: "https://itunes.apple.com")!

    /// The server asked; `/search` is appended.
    public let baseURL: URL
    /// Seconds to wait for the server before giving up with a timeout.
    public let timeout: TimeInterval
    /// How many results to ask for (the API allows 1–200).
    public let limit: Int
    private let http: HTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The server to ask; tests pass a loopback server's address.
    ///   - timeout: Seconds to wait for an answer; short, so a machine without a network falls back
    ///     to the offline catalog quickly.
    ///   - limit: How many results to ask for.
    public init(baseURL: URL = ITunesSearchClient.defaultBaseURL, timeout: TimeInterval = 4, limit: Int = 50)
    {
        self.baseURL = baseURL
        self.timeout = timeout
        self.limit = limit
        self.http = HTTPClient(userAgent: "memory-game")
    }

    /// The request the client sends for `category`.
    ///
    /// - Parameter category: The category to search.
    /// - Returns: The search URL.
    public func searchURL(for category: MusicCategory) -> URL {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "term", value: category.searchTerm),
            URLQueryItem(name: "media", value: "music"),
            URLQueryItem(name: "entity", value: "album"),
            URLQueryItem(name: "limit", value: String(limit)),
        ]
        return components.url!
    }

    /// Asks the service for `category`'s albums.
    ///
    /// - Parameter category: The category to search.
    /// - Returns: The distinct albums found, in the service's order.
    /// - Throws: ``AlbumSourceError`` for an unreachable server, a timeout, an HTTP error status,
    ///   or a body that isn't the service's JSON.
    public func albums(for category: MusicCategory) async throws -> [Album] {
        let response: HTTPResponse
        do {
            response = try await http.get(
                searchURL(for: category), headers: ["Accept": "application/json"], timeout: timeout)
        } catch let error as HTTPTransportError {
            throw translate(error)
        }
        guard response.isSuccess else { throw AlbumSourceError(.httpStatus(response.status)) }
        return try Self.decodeAlbums(from: response.body)
    }

    /// Reads a search response body into distinct albums: results without a title, artist or
    /// artwork are skipped, and of several results sharing one artwork URL only the first is kept.
    ///
    /// - Parameter data: The response body.
    /// - Returns: The distinct albums, in the body's order.
    /// - Throws: ``AlbumSourceError`` when the body isn't the service's JSON.
    public static func decodeAlbums(from data: Data) throws -> [Album] {
        let response: SearchResponse
        do {
            response = try JSONDecoder().decode(SearchResponse.self, from: data)
        } catch let error as DecodingError {
            throw AlbumSourceError(.malformedResponse(detail: explain(error)))
        }
        var seen = Set<URL>()
        var albums: [Album] = []
        for result in response.results {
            guard let artist = result.artistName, let title = result.collectionName,
                let artwork = result.artworkUrl100.flatMap(URL.init(string:)),
                seen.insert(artwork).inserted
            else { continue }
            albums.append(Album(artist: artist, title: title, artworkURL: artwork))
        }
        return albums
    }

    private func translate(_ error: HTTPTransportError) -> AlbumSourceError {
        let host = baseURL.host ?? "the server"
        switch error.kind {
        case .timedOut:
            return AlbumSourceError(.timedOut(seconds: timeout))
        case .cannotFindHost:
            return AlbumSourceError(.unreachable(detail: "unknown host \(host)"))
        case .connectionRefused:
            return AlbumSourceError(.unreachable(detail: "connection refused by \(host)"))
        case .cannotConnect:
            return AlbumSourceError(.unreachable(detail: "no network connection"))
        case .badResponse, .headersTooLarge, .responseTooLarge:
            return AlbumSourceError(.unusableReply(detail: error.description))
        default:
            return AlbumSourceError(.unreachable(detail: error.description))
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted:
            return "not valid JSON"
        case .keyNotFound(let key, _):
            return "no \"\(key.stringValue)\" field"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "unexpected value at \"\(path)\""
        @unknown default:
            return "unreadable"
        }
    }
}

/// The part of an iTunes Search API response the game reads.
private struct SearchResponse: Decodable {
    struct Result: Decodable {
        var artistName: String?
        var collectionName: String?
        var artworkUrl100: String?

        private enum CodingKeys: String, CodingKey {
            case artistName, collectionName, artworkUrl100
        }

        /// A field of another type (`"artistName": 5`), or a result that isn't an object, reads as
        /// missing: that result alone is skipped, never the whole reply.
        init(from decoder: any Decoder) throws {
            guard let fields = try? decoder.container(keyedBy: CodingKeys.self) else { return }
            artistName = try? fields.decodeIfPresent(String.self, forKey: .artistName)
            collectionName = try? fields.decodeIfPresent(String.self, forKey: .collectionName)
            artworkUrl100 = try? fields.decodeIfPresent(String.self, forKey: .artworkUrl100)
        }
    }

    var results: [Result]
}
