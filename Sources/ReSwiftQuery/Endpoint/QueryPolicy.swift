import ReSwiftThunk

/// How the query middleware treats the entries of one endpoint: how long an answer is fresh, how
/// long an unwanted entry is kept, whether it polls, and how it retries.
///
/// ```swift
/// let policy = QueryPolicy(
///     freshFor: .seconds(600), keepFor: .seconds(3600), retry: .backoff(attempts: 2, first: .seconds(1)))
/// ```
public struct QueryPolicy: Sendable, Hashable {
    /// How long an answer is fresh: wanting an entry younger than this fetches nothing. A stale
    /// answer stays shown (``QueryEntry/Status/refreshing``) while it is fetched again. Zero (the
    /// default) fetches again each time the entry is wanted.
    public var freshFor: EffectDuration
    /// How long an entry nobody wants is kept before it is removed; `nil` keeps it for good.
    public var keepFor: EffectDuration?
    /// How often a wanted entry is fetched again while its answer isn't complete (see the
    /// endpoint's `isComplete`); `nil` (the default) never polls.
    public var pollEvery: EffectDuration?
    /// How failures the endpoint calls transient are retried.
    public var retry: QueryRetry

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - freshFor: How long an answer is fresh; zero by default.
    ///   - keepFor: How long an unwanted entry is kept; 60 seconds by default, `nil` for good.
    ///   - pollEvery: How often to fetch again while the answer isn't complete; `nil` never.
    ///   - retry: How transient failures are retried; ``QueryRetry/none`` by default.
    public init(
        freshFor: EffectDuration = .zero, keepFor: EffectDuration? = .seconds(60),
        pollEvery: EffectDuration? = nil, retry: QueryRetry = .none
    ) {
        self.freshFor = freshFor
        self.keepFor = keepFor
        self.pollEvery = pollEvery
        self.retry = retry
    }
}

/// How a query retries a fetch that failed with an error its endpoint calls transient: after a
/// delay that doubles with each attempt, up to a limit.
public struct QueryRetry: Sendable, Hashable {
    /// How many times a failed fetch is tried again; 0 never retries.
    public var attempts: Int
    /// The wait before the first retry.
    public var firstDelay: EffectDuration
    /// The longest wait between two tries.
    public var maxDelay: EffectDuration

    /// Never retries.
    public static let none = QueryRetry(attempts: 0, firstDelay: .zero, maxDelay: .zero)

    /// Retries up to `attempts` times, waiting `first`, then twice as long each time, at most
    /// `maxDelay`.
    ///
    /// - Parameters:
    ///   - attempts: How many retries, 0 or more.
    ///   - first: The wait before the first retry.
    ///   - maxDelay: The longest wait; 60 seconds by default.
    /// - Returns: The retry policy.
    public static func backoff(
        attempts: Int, first: EffectDuration, maxDelay: EffectDuration = .seconds(60)
    ) -> QueryRetry {
        QueryRetry(attempts: max(0, attempts), firstDelay: first, maxDelay: maxDelay)
    }

    /// The wait before retry number `attempt` (from 1): `firstDelay` doubled `attempt - 1` times,
    /// at most `maxDelay`.
    ///
    /// - Parameter attempt: The retry's number, from 1.
    /// - Returns: The wait.
    public func delay(beforeAttempt attempt: Int) -> EffectDuration {
        var delay = max(firstDelay, .zero)
        for _ in 1..<max(attempt, 1) where delay < maxDelay {
            delay = .nanoseconds(
                delay.nanoseconds.multipliedReportingOverflow(by: 2).overflow
                    ? .max : delay.nanoseconds * 2)
        }
        return min(delay, maxDelay)
    }
}
