import Foundation

/// Sends HTTP GET requests and waits for the answer without using the CPU while it waits.
///
/// On Linux it drives libcurl's easy interface on a thread of its own: URLSession there
/// (FoundationNetworking, on libcurl's multi interface) keeps a write-readiness source on the
/// socket after the request is sent, and the always-writable socket wakes it thousands of times a
/// second until the answer comes, burning most of a core while a server is slow. libcurl is the
/// library FoundationNetworking itself loads, so it is present wherever the apps run; where it
/// can't be loaded (and on Apple platforms) the client uses URLSession.
///
/// ```swift
/// let client = HTTPClient(userAgent: "memory-game")
/// let response = try await client.get(url, headers: ["Accept": "application/json"], timeout: 4)
/// ```
public struct HTTPClient: Sendable {
    /// How the requests travel.
    enum Backend: Sendable, Equatable {
        /// libcurl's easy interface on a thread per request (Linux).
        case curl
        /// URLSession.
        case urlSession
    }

    /// The most body bytes accepted by default (32 MiB).
    public static let defaultMaximumBodySize = 32 << 20

    /// The `User-Agent` header sent with every request.
    public let userAgent: String
    /// A PEM file of certificates to trust instead of the system's; `nil` for the system's.
    public let trustedCertificatesFile: String?
    /// The most body bytes accepted; a longer answer fails with ``HTTPTransportError/Kind/responseTooLarge``.
    public let maximumBodySize: Int
    let backend: Backend

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - userAgent: The `User-Agent` header to send.
    ///   - trustedCertificatesFile: A PEM file of certificates to trust instead of the system's
    ///     (libcurl only; tests use it with a loopback HTTPS server).
    ///   - maximumBodySize: The most body bytes accepted.
    public init(
        userAgent: String, trustedCertificatesFile: String? = nil,
        maximumBodySize: Int = HTTPClient.defaultMaximumBodySize
    ) {
        self.init(
            userAgent: userAgent, trustedCertificatesFile: trustedCertificatesFile,
            maximumBodySize: maximumBodySize, backend: CurlTransfer.isAvailable ? .curl : .urlSession)
    }

    init(userAgent: String, trustedCertificatesFile: String?, maximumBodySize: Int, backend: Backend) {
        self.userAgent = userAgent
        self.trustedCertificatesFile = trustedCertificatesFile
        self.maximumBodySize = max(0, maximumBodySize)
        self.backend = backend
    }

    /// Fetches `url`, following up to five redirects (http and https only).
    ///
    /// - Parameters:
    ///   - url: An http or https URL.
    ///   - headers: Request header fields.
    ///   - timeout: Seconds allowed for the whole exchange (connecting included); at least 1 ms.
    /// - Returns: The final response, whatever its status.
    /// - Throws: ``HTTPTransportError`` when no answer arrived; `CancellationError` when the
    ///   calling task was cancelled (the call returns at once; the transfer stops in the background).
    public func get(_ url: URL, headers: [String: String] = [:], timeout: Double) async throws -> HTTPResponse
    {
        try Task.checkCancellation()
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw HTTPTransportError(.unsupportedURL) }
        var fields = headers
        if !fields.keys.contains(where: { $0.caseInsensitiveCompare("User-Agent") == .orderedSame }) {
            fields["User-Agent"] = userAgent
        }
        switch backend {
        case .curl:
            return try await CurlTransfer.get(
                url, headers: fields, timeout: timeout, maximumBodySize: maximumBodySize,
                trustedCertificatesFile: trustedCertificatesFile)
        case .urlSession:
            return try await URLSessionTransfer.get(
                url, headers: fields, timeout: timeout, maximumBodySize: maximumBodySize)
        }
    }

    /// Milliseconds for a timeout in seconds, kept within 1 ms and about 24 days (what libcurl and
    /// URLSession accept) so an extreme value can't overflow or trap.
    static func milliseconds(_ timeout: Double) -> Int {
        guard timeout.isFinite else { return Int(Int32.max) }
        return Int(min(max(timeout * 1000, 1), Double(Int32.max)).rounded(.up))
    }
}
