import ReSwift

/// Invalidates every entry, of any endpoint, that has one of `tags`: wanted entries are fetched
/// again at once, the rest are removed.
///
/// ```swift
/// store.dispatch(InvalidateQueries(tags: ["books"]))
/// ```
public struct InvalidateQueries: Action, Sendable, Hashable, Codable {
    /// The tags to invalidate.
    public var tags: Set<String>

    /// Creates the action.
    ///
    /// - Parameter tags: The tags to invalidate.
    public init(tags: Set<String>) {
        self.tags = tags
    }
}
