/// The entries of one endpoint, a slice of the app's state: views `select` from it, the
/// endpoint's reducer changes it in place (``QueryEndpoint/reduce(_:_:)``).
///
/// ```swift
/// struct AppState {
///     var albums = QueryState<String, [String]>()
/// }
/// // in a view
/// let rock = state.albums["Rock"]   // QueryEntry<[String]>?
/// ```
public struct QueryState<Argument: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The entries, by argument.
    public var entries: [Argument: QueryEntry<Value>]
    /// What went wrong restoring the persisted answers, if anything (see
    /// `PersistedFile.restoreQueryState()`): the entries then start empty and the file is left
    /// as it was.
    public var restoreProblem: String?

    /// Creates a slice.
    ///
    /// - Parameters:
    ///   - entries: The entries to start with; none by default.
    ///   - restoreProblem: What went wrong restoring persisted answers.
    public init(entries: [Argument: QueryEntry<Value>] = [:], restoreProblem: String? = nil) {
        self.entries = entries
        self.restoreProblem = restoreProblem
    }

    /// The entry of `argument`, if there is one.
    ///
    /// - Parameter argument: The entry's argument.
    public subscript(argument: Argument) -> QueryEntry<Value>? {
        entries[argument]
    }
}

extension QueryState: Equatable where Value: Equatable {}
extension QueryState: Codable where Argument: Codable, Value: Codable {}
