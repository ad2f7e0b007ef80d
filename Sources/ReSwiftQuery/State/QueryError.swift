/// Why a fetch failed, as kept in the entry's state: what the endpoint threw, in words.
public struct QueryError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened, for the user (the thrown error's description).
    public var message: String
    /// Whether the endpoint called the failure transient (worth retrying).
    public var isTransient: Bool
    /// The endpoint's name for the kind of failure (its `code` classifier), for a view that tells
    /// failures apart by more than ``isTransient``; `nil` when the endpoint names none.
    public var code: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What happened.
    ///   - isTransient: Whether it is worth retrying.
    ///   - code: The endpoint's name for the kind of failure.
    public init(message: String, isTransient: Bool = false, code: String? = nil) {
        self.message = message
        self.isTransient = isTransient
        self.code = code
    }

    /// The error `error` as an entry keeps it.
    ///
    /// - Parameters:
    ///   - error: What the fetch threw.
    ///   - isTransient: Whether the endpoint calls it transient.
    public init(_ error: any Error, isTransient: Bool = false) {
        self.init(message: String(describing: error), isTransient: isTransient)
    }

    /// The message.
    public var description: String { message }
}
