import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    private let session: URLSession

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
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
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
        var request = URLRequest(url: searchURL(for: category))
        request.timeoutInterval = timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(request)
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch let error as URLError {
            throw translate(error)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AlbumSourceError(.unreachable(detail: error.localizedDescription))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw AlbumSourceError(.httpStatus(http.statusCode))
        }
        return try Self.decodeAlbums(from: data)
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

    /// `URLSession.data(for:)` is newer than the package's oldest Apple platforms, so the request
    /// goes through a data task, cancelled when the awaiting task is.
    private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }

    private func translate(_ error: URLError) -> AlbumSourceError {
        switch error.code {
        case .timedOut:
            return AlbumSourceError(.timedOut(seconds: timeout))
        case .cannotFindHost, .dnsLookupFailed:
            return AlbumSourceError(
                .unreachable(detail: "unknown host \(baseURL.host ?? baseURL.absoluteString)"))
        case .cannotConnectToHost:
            return AlbumSourceError(
                .unreachable(detail: "connection refused by \(baseURL.host ?? "the server")"))
        case .notConnectedToInternet:
            return AlbumSourceError(.unreachable(detail: "no network connection"))
        case .networkConnectionLost:
            return AlbumSourceError(.unreachable(detail: "the connection was lost"))
        default:
            return AlbumSourceError(.unreachable(detail: error.localizedDescription))
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

/// Holds the data task so a cancellation arriving before or after it starts still cancels it.
private final class TaskBox: @unchecked Sendable {
    // @unchecked Sendable: `task` and `isCancelled` are only touched while `lock` is held.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        if cancelled { task.cancel() } else { task.resume() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// The part of an iTunes Search API response the game reads.
private struct SearchResponse: Decodable {
    struct Result: Decodable {
        var artistName: String?
        var collectionName: String?
        var artworkUrl100: String?
    }

    var results: [Result]
}
