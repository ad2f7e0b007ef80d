/// Why a request got no usable answer.
///
/// The ``description`` is fixed wording chosen by the kind: it never repeats a URL, a header or
/// text from the server, so a secret carried in the request can't leak through it.
public struct HTTPTransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Equatable, Sendable {
        /// The URL can't be requested (not http or https, or malformed).
        case unsupportedURL
        /// The host name could not be resolved.
        case cannotFindHost
        /// The host refused the connection (nothing listens on the port).
        case connectionRefused
        /// The connection could not be made for another reason (no route, no network).
        case cannotConnect
        /// No complete answer within the timeout.
        case timedOut
        /// The connection closed or broke before a complete answer.
        case connectionLost
        /// The TLS handshake or the server's certificate check failed.
        case secureConnectionFailed
        /// The server redirected more times than allowed.
        case tooManyRedirects
        /// The body was larger than the client accepts.
        case responseTooLarge
        /// The answer's header lines were larger than the client accepts (256 KB in all, 100 KB a
        /// line).
        case headersTooLarge
        /// The request was larger than the client can send (1 MB: an address or a header that
        /// long), so it wasn't sent.
        case requestTooLarge
        /// The answer wasn't HTTP (a server of another protocol, or garbage), or wasn't valid HTTP.
        case badResponse
        /// Any other failure, with the transport's numeric code.
        case other(code: Int)
    }

    /// What went wrong.
    public let kind: Kind

    /// Creates an error.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .unsupportedURL: "the address is not a valid http or https URL"
        case .cannotFindHost: "the host name is unknown"
        case .connectionRefused: "the connection was refused"
        case .cannotConnect: "the host could not be reached"
        case .timedOut: "no answer in time"
        case .connectionLost: "the connection was lost"
        case .secureConnectionFailed: "the secure connection failed"
        case .tooManyRedirects: "too many redirects"
        case .responseTooLarge: "the answer was too large"
        case .headersTooLarge: "the server's answer had headers larger than the client accepts"
        case .requestTooLarge: "the request was larger than the client can send (1 MB), so it wasn't sent"
        case .badResponse: "the server's answer was not HTTP"
        case .other(let code): "transport error \(code)"
        }
    }
}
