import ReSwiftThunk

/// One entry of a ``QueryState``: where the fetching of one argument stands, its last answer, its
/// last error, when it was fetched, and how many parts of the app want it.
public struct QueryEntry<Value: Sendable>: Sendable {
    /// Where the entry's fetching stands.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Never fetched (or a fetch was cancelled before any answer).
        case idle
        /// Fetching, with no answer to show yet.
        case loading
        /// Fetching again, the previous answer (``QueryEntry/value``) still shown.
        case refreshing
        /// The answer is in ``QueryEntry/value``.
        case loaded
        /// The last fetch failed (``QueryEntry/error``); a previous answer, if any, is kept in
        /// ``QueryEntry/value``.
        case failed
    }

    /// Where the fetching stands.
    public var status: Status
    /// The last answer, kept through refreshes and failures.
    public var value: Value?
    /// The last failure: set by a failed fetch (and while a transient one is retried), cleared
    /// by an answer.
    public var error: QueryError?
    /// When ``value`` was fetched.
    public var fetched: QueryTimestamp?
    /// How many parts of the app want the entry (``QueryEndpoint/want(_:)`` minus
    /// ``QueryEndpoint/unwant(_:)``); at 0 its fetch is cancelled and it is removed after the
    /// policy's `keepFor`.
    public var wantedBy: Int
    /// Whether a tag of the entry was invalidated since its answer: such an answer is not fresh.
    public var isInvalidated: Bool
    /// Whether the entry is polled: its last answer isn't complete, and it will be fetched again
    /// after the policy's `pollEvery` (or is being fetched again now). Cleared by a complete
    /// answer, a failure, or a cancel (the user stopped it, or nobody wants it any more).
    public var isPolling = false

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - status: Where the fetching stands.
    ///   - value: The last answer.
    ///   - error: The last failure.
    ///   - fetched: When the answer was fetched.
    ///   - wantedBy: How many parts of the app want it.
    ///   - isInvalidated: Whether the answer was invalidated.
    public init(
        status: Status = .idle, value: Value? = nil, error: QueryError? = nil, fetched: QueryTimestamp? = nil,
        wantedBy: Int = 0, isInvalidated: Bool = false
    ) {
        self.status = status
        self.value = value
        self.error = error
        self.fetched = fetched
        self.wantedBy = wantedBy
        self.isInvalidated = isInvalidated
    }

    /// Whether a fetch is running (``Status/loading`` or ``Status/refreshing``).
    public var isFetching: Bool {
        status == .loading || status == .refreshing
    }

    /// Whether the entry has settled: neither fetching nor polling.
    public var isSettled: Bool {
        !isFetching && !isPolling
    }

    /// Whether the answer came from a previous run (persisted) and hasn't been fetched again.
    public var isRestored: Bool {
        value != nil && fetched != nil && fetched?.clockNanoseconds == nil
    }

    /// Whether the answer is fresh at `now` on the store's effect clock: loaded, not invalidated,
    /// fetched in this run less than `freshFor` ago.
    ///
    /// - Parameters:
    ///   - now: The store's effect clock's current instant.
    ///   - freshFor: How long an answer is fresh.
    /// - Returns: Whether to skip fetching it again.
    public func isFresh(at now: EffectInstant, freshFor: EffectDuration) -> Bool {
        guard status == .loaded, !isInvalidated, let instant = fetched?.instant else { return false }
        return now - instant < freshFor
    }
}

extension QueryEntry: Equatable where Value: Equatable {}
extension QueryEntry: Hashable where Value: Hashable {}
extension QueryEntry: Codable where Value: Codable {
    /// Decodes an entry; one encoded before ``isPolling`` existed decodes as not polled.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for a missing or mistyped field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            status: try container.decode(Status.self, forKey: .status),
            value: try container.decodeIfPresent(Value.self, forKey: .value),
            error: try container.decodeIfPresent(QueryError.self, forKey: .error),
            fetched: try container.decodeIfPresent(QueryTimestamp.self, forKey: .fetched),
            wantedBy: try container.decode(Int.self, forKey: .wantedBy),
            isInvalidated: try container.decode(Bool.self, forKey: .isInvalidated))
        isPolling = try container.decodeIfPresent(Bool.self, forKey: .isPolling) ?? false
    }
}
