import Foundation
import HTTPTransport

/// Something that finds libraries: the Calil API in the app, a fake in tests.
package protocol LibraryService: Sendable {
    /// The libraries matching the query's request filters (not yet narrowed by category or limit).
    ///
    /// - Throws: ``CalilError`` for every failure; `CancellationError` when the task was cancelled.
    func libraries(matching query: LibraryQuery) async throws -> [Library]
}

/// The Calil `/library` API over HTTP.
///
/// Asks for `format=json&callback=` (plain JSON), strips a JSONP wrapper if one comes anyway, and
/// turns every failure into a ``CalilError`` whose message never contains the app key: messages
/// name the host, never the request URL, and text from the server is scrubbed of every piece of
/// the key before it is shortened (see ``AppKeyRedaction``).
///
/// The timeout covers the whole call: fetching, decoding and scrubbing the answer. Past it the
/// call fails with ``CalilError/Kind/timedOut(host:seconds:)``, however far it got.
package final class CalilClient: LibraryService {
    /// The public service.
    package static let defaultBaseURL = URL(string: "https://api.calil.jp")!

    /// How long to wait for an answer when nothing else is said.
    package static let defaultTimeout: Double = 15

    /// The most characters of the service's own error text kept in a message.
    package static let serviceMessageLimit = 300

    /// The most characters kept of one text field of a library (a name, an address, a URL); a
    /// longer one is cut, with `…`. Real fields are far shorter; this bounds what is scrubbed
    /// and shown when a server sends megabytes in one field.
    package static let fieldLimit = 1_000

    package let baseURL: URL
    private let appKey: String
    private let redaction: AppKeyRedaction
    package let timeout: Double
    private let http: HTTPClient

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - appKey: The Calil app key; never shown in messages.
    ///   - baseURL: The server; `/library` is appended to its path.
    ///   - timeout: Seconds to wait for the whole answer.
    ///   - http: The HTTP client (tests pass one that trusts a loopback HTTPS server).
    package init(
        appKey: String, baseURL: URL = CalilClient.defaultBaseURL, timeout: Double = defaultTimeout,
        http: HTTPClient = HTTPClient(userAgent: "library-finder")
    ) {
        self.appKey = appKey
        self.redaction = AppKeyRedaction(key: appKey)
        self.baseURL = baseURL
        self.timeout = timeout
        self.http = http
    }

    /// The request URL for a query, app key included: never put it in a message.
    package func requestURL(for query: LibraryQuery) -> URL {
        let endpoint = baseURL.appendingPathComponent("library")
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        var items = [URLQueryItem(name: "appkey", value: appKey)]
        items += query.requestParameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        items += [URLQueryItem(name: "format", value: "json"), URLQueryItem(name: "callback", value: "")]
        components.queryItems = items
        // `+` is legal in a query but servers read it as a space: encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    package func libraries(matching query: LibraryQuery) async throws -> [Library] {
        guard !appKey.isEmpty else { throw CalilError(.missingAppKey) }
        let deadline = AnswerDeadline(
            seconds: timeout, expired: CalilError(.timedOut(host: host, seconds: timeout)))
        let response: HTTPResponse
        do {
            response = try await http.get(
                requestURL(for: query), headers: ["Accept": "application/json"], timeout: timeout)
        } catch let error as HTTPTransportError {
            throw CalilError.transport(
                error, host: host, timeout: timeout, maximumBodySize: http.maximumBodySize)
        }
        guard response.isSuccess else {
            let message = CalilResponseDecoder.serviceErrorMessage(inBody: response.body)
            throw CalilError(.httpStatus(code: response.status, serviceMessage: message.map(scrubbedMessage)))
        }
        let libraries: [Library]
        do {
            libraries = try CalilResponseDecoder.libraries(
                from: response.body, redacting: redaction.scrub, deadline: deadline)
        } catch {
            throw scrubbed(error)
        }
        // A server echoing the request into the list would put the key on screen and in the cache.
        var clean: [Library] = []
        clean.reserveCapacity(libraries.count)
        for library in libraries {
            if clean.count > 0, clean.count % AnswerDeadline.checkInterval == 0 { try deadline.check() }
            clean.append(scrubbed(library))
        }
        return clean
    }

    private var host: String {
        var host = baseURL.host ?? "the configured server"
        if let port = baseURL.port { host += ":\(port)" }
        return host
    }

    /// A text field of a library: scrubbed, then cut to ``fieldLimit``.
    private func scrub(_ text: String) -> String {
        redaction.excerpt(of: text, limit: Self.fieldLimit)
    }

    /// The service's own error text, scrubbed, then shortened.
    private func scrubbedMessage(_ text: String) -> String {
        redaction.excerpt(of: text, limit: Self.serviceMessageLimit)
    }

    /// The library with every text field scrubbed of the key and cut to ``fieldLimit``.
    private func scrubbed(_ library: Library) -> Library {
        var library = library
        let texts: [WritableKeyPath<Library, String>] = [
            \.id, \.systemID, \.systemName, \.libraryKey, \.shortName, \.formalName, \.prefecture, \.city,
            \.address,
        ]
        for field in texts { library[keyPath: field] = scrub(library[keyPath: field]) }
        let optionalTexts: [WritableKeyPath<Library, String?>] = [
            \.postcode, \.phone, \.website, \.isil, \.faid,
        ]
        for field in optionalTexts { library[keyPath: field] = library[keyPath: field].map(scrub) }
        if case .other(let code) = library.category { library.category = .other(scrub(code)) }
        return library
    }

    private func scrubbed(_ error: CalilError) -> CalilError {
        switch error.kind {
        case .serviceError(let message): CalilError(.serviceError(message: scrubbedMessage(message)))
        case .unexpectedBody(let detail): CalilError(.unexpectedBody(detail: redaction.scrub(detail)))
        default: error
        }
    }
}
