@_spi(ReSwiftInternal) import ReSwift

// What a ListenerMiddleware holds, in types that aren't generic over the store's `State`, so that
// the check every dispatch makes (does any listener or wait care about this action?) runs
// specialized code instead of looking generic metadata up.

/// A registered listener.
struct ListenerEntry {
    var id: Int
    var policy: ListenerPolicy
    /// For a listener registered for an action type: whether an action is of that type
    /// (evaluated once per action type, then cached).
    var matchesType: ActionType?
    /// For a listener registered with a predicate.
    var predicate: (@Sendable (Action) -> Bool)?
    var body: ErasedListenerBody
    var name: String
    var fileID: String
    var line: UInt
}

/// A listener run waiting in `take` for an action or in `condition` for a state.
struct ListenerWaiter {
    /// What a run waits for.
    enum Wanted {
        /// An action the predicate accepts.
        case action(@Sendable (Action) -> Bool)
        /// A state the predicate accepts: the store's `State`, as `Any` so that the registry
        /// needn't be generic.
        case state((Any) -> Bool)
    }

    var wanted: Wanted
    /// Resumed with the action that woke the run (`nil` when a state met before any action).
    var continuation: CheckedContinuation<HandedAction?, any Error>
    var run: EffectRun

    var wantsState: Bool {
        if case .state = wanted { return true }
        return false
    }

    /// Whether `action`, or `state` (the state it produced; `nil` when not read), is what the run
    /// waits for.
    func isMet(by action: Action, state: Any?) -> Bool {
        switch wanted {
        case .action(let predicate): return predicate(action)
        case .state(let predicate): return state.map(predicate) ?? false
        }
    }

    /// Wakes the run, counted as running again first.
    func resume(returning action: HandedAction?) {
        run.work?.resume()
        continuation.resume(returning: action)
    }

    /// Ends the wait with `error`, the run counted as running again first.
    func resume(throwing error: any Error) {
        run.work?.resume()
        continuation.resume(throwing: error)
    }
}

/// The listeners, their runs and their waits: a `ListenerMiddleware`'s state, behind its lock.
struct ListenerRegistry {
    var clock: any EffectClock
    var nextID = 0
    /// In the order they were registered.
    var listeners: [ListenerEntry] = []
    /// The listeners registered with a predicate, which every action is offered to.
    var predicateListeners: [(id: Int, predicate: @Sendable (Action) -> Bool)] = []
    /// For each action type seen, the ids of the type listeners it matches.
    var matchesByType: [ObjectIdentifier: [Int]] = [:]
    /// The last action type looked up and its ids: a store dispatches few types, often the same
    /// one many times, and a comparison costs less than hashing.
    var lastMatch: (type: ObjectIdentifier, ids: [Int])?
    /// The runs of each listener, by listener id.
    var runs = EffectRuns<Int>()
    var waiters: [Int: ListenerWaiter] = [:]

    mutating func makeID() -> Int {
        nextID += 1
        return nextID
    }

    var hasWaiters: Bool { !waiters.isEmpty }

    /// The ids of the listeners registered for `action`'s type (`type`), in registration order.
    mutating func typeListeners(matching action: Action, of type: ObjectIdentifier) -> [Int] {
        if let lastMatch, lastMatch.type == type { return lastMatch.ids }
        let ids: [Int]
        if let cached = matchesByType[type] {
            ids = cached
        } else {
            ids = listeners.filter { $0.matchesType?.matches(action) == true }.map(\.id)
            matchesByType[type] = ids
        }
        lastMatch = (type, ids)
        return ids
    }

    /// Forgets what was derived from the listeners, after one was added or removed.
    mutating func listenersChanged() {
        matchesByType.removeAll()
        lastMatch = nil
        predicateListeners = listeners.compactMap { listener in
            listener.predicate.map { (listener.id, $0) }
        }
    }
}

/// A listener's body, taking the `ListenerContext<State>` of the middleware that registered it
/// as `Any`, so that the registry needn't be generic (only that middleware calls it).
// @unchecked Sendable: the closure calls the caller's `@Sendable` body, and captures nothing
// else but the action and context types' metadata (to cast them), so it may run on any thread.
// (Not `@Sendable` only because a `@Sendable` closure may not capture a generic metatype
// before Swift 6.2's `SendableMetatype`.)
struct ErasedListenerBody: @unchecked Sendable {
    let run: (Any) async throws -> Void
}

/// What a `ListenerMiddleware` must do with an action: the listeners that may want it, and
/// whether runs wait in `take` or `condition`.
struct ListenerInterest {
    /// The listeners registered for the action's type.
    var typeListeners: [Int]
    /// The listeners registered with a predicate, to ask.
    var predicateListeners: [(id: Int, predicate: @Sendable (Action) -> Bool)]
    /// Whether runs wait for an action or a state.
    var checkWaiters: Bool
}

extension Locked where Value == ListenerRegistry {
    /// What the middleware must do with `action` (of type `type`), or `nil` when nothing: the
    /// check every dispatch makes, kept apart from the generic middleware so that it runs
    /// specialized code.
    func interest(in action: Action, of type: ObjectIdentifier) -> ListenerInterest? {
        withLock { registry in
            // The common case first: the last type seen, which no listener matches, and nothing
            // that looks at every action (the cache is dropped whenever the listeners change).
            let nobodyCares = registry.predicateListeners.isEmpty && !registry.hasWaiters
            if nobodyCares, let lastMatch = registry.lastMatch, lastMatch.type == type, lastMatch.ids.isEmpty
            {
                return nil
            }
            let ids = registry.typeListeners(matching: action, of: type)
            guard !ids.isEmpty || !nobodyCares else { return nil }
            return ListenerInterest(
                typeListeners: ids, predicateListeners: registry.predicateListeners,
                checkWaiters: registry.hasWaiters)
        }
    }
}
