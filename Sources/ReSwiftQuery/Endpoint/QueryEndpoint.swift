import ReSwift

/// One kind of data an app fetches, declared once: its name, how to fetch it for an argument,
/// its tags, and its ``QueryPolicy``.
///
/// An entry of the endpoint is keyed by its argument (``QueryKey``: the endpoint's name and the
/// argument). The app keeps the entries in its state as a ``QueryState`` slice, reduces them with
/// ``reduce(_:_:)``, and lets ``middleware(_:now:)`` fetch them:
///
/// ```swift
/// let albums = QueryEndpoint<String, [String]>(
///     "albums", policy: QueryPolicy(freshFor: .seconds(600))
/// ) { genre in
///     try await catalog.albums(genre)
/// }
/// ```
///
/// The fetch runs in a task the thunk middleware starts, so it sees cancellation (`Task.isCancelled`,
/// `CancellationError`) when nobody wants the entry any more or the app cancels it.
public struct QueryEndpoint<Argument: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The fetch: the answer for an argument.
    public typealias Fetch = @Sendable (Argument) async throws -> Value
    /// A fetch that sees the entry's current value (`nil` before its first answer): a poll that
    /// continues from the previous answer (Calil's `/check` asks again with its session id).
    public typealias FetchFollowing =
        @Sendable (_ argument: Argument, _ current: Value?) async throws -> Value

    /// The endpoint's name, in its actions and keys; unique among the app's endpoints.
    public let name: String
    /// How its entries are kept, refreshed, polled and retried.
    public var policy: QueryPolicy
    let fetch: FetchFollowing
    let tags: @Sendable (Argument) -> Set<String>
    let isComplete: @Sendable (Value) -> Bool
    let isTransient: @Sendable (any Error) -> Bool
    let describe: @Sendable (any Error) -> String
    let code: @Sendable (any Error) -> String?

    /// Declares an endpoint.
    ///
    /// - Parameters:
    ///   - name: The endpoint's name, unique among the app's endpoints.
    ///   - policy: How its entries are kept, refreshed, polled and retried.
    ///   - tags: The tags of an argument's entry, which ``InvalidateQueries`` names; none by default.
    ///   - isComplete: Whether an answer is final, so polling (`policy.pollEvery`) stops; by
    ///     default none is, so an endpoint whose policy polls polls while its entry is wanted.
    ///   - isTransient: Whether a failure is worth retrying (`policy.retry`); none is by default.
    ///   - describe: The words an entry keeps for a failure (``QueryError/message``); the error's
    ///     description by default.
    ///   - code: The endpoint's name for a failure's kind (``QueryError/code``), for views that
    ///     tell failures apart; none by default.
    ///   - fetch: Fetches the answer for an argument; it may throw, and should stop when its task
    ///     is cancelled.
    public init(
        _ name: String,
        policy: QueryPolicy = QueryPolicy(),
        tags: @escaping @Sendable (Argument) -> Set<String> = { _ in [] },
        isComplete: @escaping @Sendable (Value) -> Bool = { _ in false },
        isTransient: @escaping @Sendable (any Error) -> Bool = { _ in false },
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
        code: @escaping @Sendable (any Error) -> String? = { _ in nil },
        fetch: @escaping Fetch
    ) {
        self.init(
            name, policy: policy, tags: tags, isComplete: isComplete, isTransient: isTransient,
            describe: describe, code: code, following: { argument, _ in try await fetch(argument) })
    }

    /// Declares an endpoint whose fetch sees the entry's current value: the previous answer when
    /// it polls, retries or is fetched again, `nil` before the first.
    ///
    /// ```swift
    /// let check = QueryEndpoint<Books, Availability>(
    ///     "check", policy: QueryPolicy(pollEvery: .seconds(2)), isComplete: { !$0.continues },
    ///     following: { books, previous in
    ///         if let session = previous?.session, previous?.continues == true {
    ///             return try await calil.poll(session)
    ///         }
    ///         return try await calil.check(books)
    ///     })
    /// ```
    ///
    /// - Parameters:
    ///   - name: The endpoint's name, unique among the app's endpoints.
    ///   - policy: How its entries are kept, refreshed, polled and retried.
    ///   - tags: The tags of an argument's entry; none by default.
    ///   - isComplete: Whether an answer is final, so polling stops.
    ///   - isTransient: Whether a failure is worth retrying.
    ///   - describe: The words an entry keeps for a failure.
    ///   - code: The endpoint's name for a failure's kind.
    ///   - fetch: Fetches the answer for an argument, given the entry's current value.
    public init(
        _ name: String,
        policy: QueryPolicy = QueryPolicy(),
        tags: @escaping @Sendable (Argument) -> Set<String> = { _ in [] },
        isComplete: @escaping @Sendable (Value) -> Bool = { _ in false },
        isTransient: @escaping @Sendable (any Error) -> Bool = { _ in false },
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
        code: @escaping @Sendable (any Error) -> String? = { _ in nil },
        following fetch: @escaping FetchFollowing
    ) {
        self.describe = describe
        self.code = code
        self.name = name
        self.policy = policy
        self.fetch = fetch
        self.tags = tags
        self.isComplete = isComplete
        self.isTransient = isTransient
    }

    /// The same endpoint with another fetch: a stub for tests, which keeps the name, the policy
    /// and the tags.
    ///
    /// ```swift
    /// let stubbed = albums.replacingFetch { _ in ["Abbey Road"] }
    /// ```
    ///
    /// - Parameter fetch: The fetch to use instead.
    /// - Returns: The endpoint with that fetch.
    public func replacingFetch(_ fetch: @escaping Fetch) -> QueryEndpoint {
        replacingFetch(following: { argument, _ in try await fetch(argument) })
    }

    /// The same endpoint with another fetch that sees the entry's current value.
    ///
    /// - Parameter fetch: The fetch to use instead.
    /// - Returns: The endpoint with that fetch.
    public func replacingFetch(following fetch: @escaping FetchFollowing) -> QueryEndpoint {
        QueryEndpoint(
            name, policy: policy, tags: tags, isComplete: isComplete, isTransient: isTransient,
            describe: describe, code: code, following: fetch)
    }

    /// The error an entry keeps for `error`, as the endpoint describes and classifies it.
    ///
    /// - Parameter error: What the fetch (or a write) threw.
    /// - Returns: The entry's error.
    public func queryError(_ error: any Error) -> QueryError {
        QueryError(message: describe(error), isTransient: isTransient(error), code: code(error))
    }

    /// The key of `argument`'s entry.
    ///
    /// - Parameter argument: The argument.
    /// - Returns: The endpoint's name and the argument.
    public func key(_ argument: Argument) -> QueryKey<Argument> {
        QueryKey(endpoint: name, argument: argument)
    }
}

/// What identifies one entry: its endpoint's name and its argument.
public struct QueryKey<Argument: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name.
    public var endpoint: String
    /// The argument.
    public var argument: Argument

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint's name.
    ///   - argument: The argument.
    public init(endpoint: String, argument: Argument) {
        self.endpoint = endpoint
        self.argument = argument
    }

    /// `albums(Rock)`.
    public var description: String { "\(endpoint)(\(argument))" }
}

extension QueryKey: Codable where Argument: Codable {}
