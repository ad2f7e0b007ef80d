import Foundation
import HTTPTransport

/// Something that answers `/check` requests: the Calil API in the app, a fake in tests.
package protocol AvailabilityService: Sendable {
    /// Starts a search for the books in the systems.
    ///
    /// - Parameter timeout: Seconds to wait for this answer.
    /// - Throws: ``CalilError`` for every failure; `CancellationError` when cancelled.
    func check(isbns: [ISBN], systemIDs: [String], timeout: Double) async throws -> AvailabilityAnswer

    /// Asks again how a running search is doing.
    func poll(session: String, timeout: Double) async throws -> AvailabilityAnswer
}

/// The Calil `/check` API over HTTP.
///
/// Follows the `/library` client's rules (see ``CalilClient``): messages name the host, never a
/// request URL (which holds the app key), and text from the server is scrubbed of every piece of
/// the key before it is shortened or kept.
package final class CalilAvailabilityClient: AvailabilityService {
    package let baseURL: URL
    private let appKey: String
    private let http: HTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - appKey: The Calil app key; never shown in messages.
    ///   - baseURL: The server; `/check` is appended to its path.
    ///   - http: The HTTP client.
    package init(
        appKey: String, baseURL: URL = CalilClient.defaultBaseURL,
        http: HTTPClient = HTTPClient(userAgent: "library-finder")
    ) {
        self.appKey = appKey
        self.baseURL = baseURL
        self.http = http
    }

    /// The URL of a first request, app key included: never put it in a message.
    package func checkURL(isbns: [ISBN], systemIDs: [String]) -> URL {
        url(with: [
            ("isbn", isbns.map(\.digits).joined(separator: ",")),
            ("systemid", systemIDs.joined(separator: ",")),
        ])
    }

    /// The URL of a follow-up request, app key included: never put it in a message.
    package func pollURL(session: String) -> URL {
        url(with: [("session", session)])
    }

    package func check(isbns: [ISBN], systemIDs: [String], timeout: Double) async throws -> AvailabilityAnswer
    {
        try await fetch(checkURL(isbns: isbns, systemIDs: systemIDs), timeout: timeout)
    }

    package func poll(session: String, timeout: Double) async throws -> AvailabilityAnswer {
        try await fetch(pollURL(session: session), timeout: timeout)
    }

    private func url(with parameters: [(String, String)]) -> URL {
        let endpoint = baseURL.appendingPathComponent("check")
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "appkey", value: appKey)]
        items += parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        items += [URLQueryItem(name: "format", value: "json"), URLQueryItem(name: "callback", value: "")]
        components.queryItems = items
        // `+` is legal in a query but servers read it as a space: encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    private func fetch(_ url: URL, timeout: Double) async throws -> AvailabilityAnswer {
        guard !appKey.isEmpty else { throw CalilError(.missingAppKey) }
        let response: HTTPResponse
        do {
            response = try await http.get(url, headers: ["Accept": "application/json"], timeout: timeout)
        } catch let error as HTTPTransportError {
            throw CalilError.transport(
                error, host: host, timeout: timeout, maximumBodySize: http.maximumBodySize)
        }
        guard response.isSuccess else {
            let message = CalilResponseDecoder.serviceErrorMessage(inBody: response.body).map {
                AppKeyRedaction.excerpt(of: $0, key: appKey, limit: CalilClient.serviceMessageLimit)
            }
            throw CalilError(.httpStatus(code: response.status, serviceMessage: message))
        }
        let key = appKey
        do {
            return try CalilAvailabilityDecoder.answer(from: response.body) {
                AppKeyRedaction.scrub($0, key: key)
            }
        } catch {
            if case .serviceError(let message) = error.kind {
                throw CalilError(
                    .serviceError(
                        message: AppKeyRedaction.excerpt(
                            of: message, key: appKey, limit: CalilClient.serviceMessageLimit)))
            }
            throw error
        }
    }

    /// `host[:port]`, as messages name the server.
    private var host: String {
        var host = baseURL.host ?? "the configured server"
        if let port = baseURL.port { host += ":\(port)" }
        return host
    }
}
