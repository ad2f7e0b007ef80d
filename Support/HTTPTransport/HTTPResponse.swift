import Foundation

/// What a server answered: the final status (after redirects) and the body.
public struct HTTPResponse: Equatable, Sendable {
    /// The HTTP status code, e.g. 200.
    public var status: Int
    /// The body, decoded from any content encoding.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
