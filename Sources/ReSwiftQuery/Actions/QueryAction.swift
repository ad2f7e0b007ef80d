import ReSwift

/// Everything that happens to a query entry, as an action: what the app asks (want, unwant,
/// refetch, restart, cancel) and every transition the middleware makes (started, loaded, failed, retrying,
/// cancelled, invalidated, removed, and a mutation's update or rollback).
///
/// The logger, the inspector and recordings show them; a recorded session replays into a store
/// without the query middleware and reaches the same entries, with their answers, and no network.
/// Make the requests with the endpoint (``QueryEndpoint/want(_:)``, ``QueryEndpoint/refetch(_:)``…);
/// the transitions come from the middleware.
public struct QueryAction<Argument: Hashable & Sendable, Value: Sendable>: Action, Sendable {
    /// What happened.
    public enum Event: Sendable {
        /// A part of the app wants the entry: it is fetched unless its answer is fresh or a fetch
        /// runs.
        case want
        /// A part of the app no longer wants it.
        case unwant
        /// Fetch again now, unless a fetch runs (the user pressed reload).
        case refetch
        /// Drop the answer and fetch anew, replacing a running fetch or poll (ask again from the
        /// start: a poll begins a new session).
        case restart
        /// Stop the running fetch or poll.
        case cancel
        /// A fetch started.
        case started
        /// An answer came.
        case loaded(Value, at: QueryTimestamp)
        /// The fetch failed for good.
        case failed(QueryError)
        /// The fetch failed with a transient error and will be tried again (retry number `attempt`).
        case retrying(QueryError, attempt: Int)
        /// The running fetch was cancelled.
        case cancelled
        /// A tag of the entry was invalidated.
        case invalidated
        /// The entry was removed (nobody wanted it for the policy's `keepFor`, or it was invalidated
        /// while unwanted).
        case removed
        /// A mutation changed the value optimistically.
        case updated(Value)
        /// A mutation failed: its optimistic change is undone.
        case rolledBack(Value, QueryError)
    }

    /// The endpoint's name.
    public var endpoint: String
    /// The entry's argument.
    public var argument: Argument
    /// What happened.
    public var event: Event

    /// Creates an action; apps make requests with the endpoint's methods instead.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint's name.
    ///   - argument: The entry's argument.
    ///   - event: What happened.
    public init(endpoint: String, argument: Argument, event: Event) {
        self.endpoint = endpoint
        self.argument = argument
        self.event = event
    }
}

extension QueryAction.Event: Equatable where Value: Equatable {}
extension QueryAction: Equatable where Value: Equatable {}
extension QueryAction.Event: Codable where Argument: Codable, Value: Codable {}
extension QueryAction: Codable where Argument: Codable, Value: Codable {}

extension QueryAction: CustomStringConvertible {
    /// `albums(Rock): loaded`, without the answer itself.
    public var description: String {
        let name: String
        switch event {
        case .want: name = "want"
        case .unwant: name = "unwant"
        case .refetch: name = "refetch"
        case .restart: name = "restart"
        case .cancel: name = "cancel"
        case .started: name = "started"
        case .loaded: name = "loaded"
        case .failed(let error): name = "failed: \(error)"
        case .retrying(let error, let attempt): name = "retrying (\(attempt)): \(error)"
        case .cancelled: name = "cancelled"
        case .invalidated: name = "invalidated"
        case .removed: name = "removed"
        case .updated: name = "updated"
        case .rolledBack(_, let error): name = "rolled back: \(error)"
        }
        return "\(endpoint)(\(argument)): \(name)"
    }
}

extension QueryEndpoint {
    /// A part of the app wants `argument`'s entry (a view appeared): fetched unless fresh or
    /// already fetching. Balance it with ``unwant(_:)``.
    ///
    /// - Parameter argument: The entry's argument.
    /// - Returns: The action to dispatch.
    public func want(_ argument: Argument) -> QueryAction<Argument, Value> {
        QueryAction(endpoint: name, argument: argument, event: .want)
    }

    /// A part of the app no longer wants `argument`'s entry (a view went away): at 0 wanting it,
    /// its fetch or poll is cancelled and it is removed after the policy's `keepFor`.
    ///
    /// - Parameter argument: The entry's argument.
    /// - Returns: The action to dispatch.
    public func unwant(_ argument: Argument) -> QueryAction<Argument, Value> {
        QueryAction(endpoint: name, argument: argument, event: .unwant)
    }

    /// Fetch `argument`'s entry again now, fresh or not, unless a fetch runs: a reload key.
    ///
    /// - Parameter argument: The entry's argument.
    /// - Returns: The action to dispatch.
    public func refetch(_ argument: Argument) -> QueryAction<Argument, Value> {
        QueryAction(endpoint: name, argument: argument, event: .refetch)
    }

    /// Asks for `argument`'s entry from the start: its answer and error are dropped (a view shows
    /// it loading), and it is fetched anew, replacing a running fetch or poll. The fetch sees no
    /// current value, so a poll that goes on from the previous answer begins again instead.
    ///
    /// - Parameter argument: The entry's argument.
    /// - Returns: The action to dispatch.
    public func restart(_ argument: Argument) -> QueryAction<Argument, Value> {
        QueryAction(endpoint: name, argument: argument, event: .restart)
    }

    /// Cancels `argument`'s running fetch or poll.
    ///
    /// - Parameter argument: The entry's argument.
    /// - Returns: The action to dispatch.
    public func cancel(_ argument: Argument) -> QueryAction<Argument, Value> {
        QueryAction(endpoint: name, argument: argument, event: .cancel)
    }

    /// The action of `event` for `argument`'s entry.
    func action(_ argument: Argument, _ event: QueryAction<Argument, Value>.Event) -> QueryAction<
        Argument, Value
    > {
        QueryAction(endpoint: name, argument: argument, event: event)
    }
}
