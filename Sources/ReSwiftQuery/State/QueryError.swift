/// Why a fetch failed, as kept in the entry's state: what the endpoint threw, in words.
public struct QueryError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened, for the user (the thrown error's description).
    public var message: String
    /// Whether the endpoint called the failure transient (worth retrying).
    public var isTransient: Bool

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What happened.
    ///   - isTransient: Whether it is worth retrying.
    public init(message: String, isTransient: Bool = false) {
        self.message = message
        self.isTransient = isTransient
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
