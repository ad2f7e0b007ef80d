import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Something that finds libraries: the Calil API in the app, a fake in tests.
protocol LibraryService: Sendable {
    /// The libraries matching the query's request filters (not yet narrowed by category or limit).
    ///
    /// - Throws: ``CalilError`` for every failure; `CancellationError` when the task was cancelled.
    func libraries(matching query: LibraryQuery) async throws -> [Library]
}

/// The Calil `/library` API over HTTP.
///
/// Asks for `format=json&callback=` (plain JSON), strips a JSONP wrapper if one comes anyway, and
/// turns every failure into a ``CalilError`` whose message never contains the app key.
final class CalilClient: LibraryService {
    /// The public service.
    static let defaultBaseURL = URL(string: "https://api.calil.jp")!

    /// How long to wait for an answer when nothing else is said.
    static let defaultTimeout: Double = 15

    let baseURL: URL
    private let appKey: String
    let timeout: Double
    private let session: URLSession

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - appKey: The Calil app key; never shown in messages.
    ///   - baseURL: The server; `/library` is appended to its path.
    ///   - timeout: Seconds to wait for the whole answer.
    init(appKey: String, baseURL: URL = CalilClient.defaultBaseURL, timeout: Double = defaultTimeout) {
        self.appKey = appKey
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The request URL for a query, app key included (don't show it; see ``AppKeyRedaction``).
    func requestURL(for query: LibraryQuery) -> URL {
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

    func libraries(matching query: LibraryQuery) async throws -> [Library] {
        guard !appKey.isEmpty else { throw CalilError(.missingAppKey) }
        var request = URLRequest(url: requestURL(for: query))
        request.timeoutInterval = timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            try Task.checkCancellation()
            throw transportError(error)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let message = CalilResponseDecoder.serviceErrorMessage(inBody: data)
            throw CalilError(
                .httpStatus(code: http.statusCode, serviceMessage: message.map(scrub)))
        }
        do {
            return try CalilResponseDecoder.libraries(from: data)
        } catch {
            throw scrubbed(error)
        }
    }

    private var host: String {
        var host = baseURL.host ?? baseURL.absoluteString
        if let port = baseURL.port { host += ":\(port)" }
        return host
    }

    private func transportError(_ error: any Error) -> CalilError {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut:
                return CalilError(.timedOut(host: host, seconds: timeout))
            case .cancelled:
                return CalilError(.cannotConnect(host: host, detail: "the request was cancelled"))
            case .cannotFindHost, .dnsLookupFailed:
                return CalilError(.cannotConnect(host: host, detail: "the host name is unknown"))
            case .cannotConnectToHost:
                return CalilError(.cannotConnect(host: host, detail: "the connection was refused"))
            case .notConnectedToInternet:
                return CalilError(.cannotConnect(host: host, detail: "there is no network connection"))
            case .networkConnectionLost:
                return CalilError(.cannotConnect(host: host, detail: "the connection was lost"))
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
                return CalilError(.cannotConnect(host: host, detail: "the secure connection failed"))
            default:
                break
            }
        }
        let detail = (error as NSError).localizedDescription
        return CalilError(.cannotConnect(host: host, detail: scrub(detail)))
    }

    private func scrub(_ text: String) -> String {
        AppKeyRedaction.scrub(text, key: appKey)
    }

    private func scrubbed(_ error: CalilError) -> CalilError {
        switch error.kind {
        case .serviceError(let message): CalilError(.serviceError(message: scrub(message)))
        case .unexpectedBody(let detail): CalilError(.unexpectedBody(detail: scrub(detail)))
        default: error
        }
    }
}
