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
    /// For a listener registered with a predicate: asked about every action.
    var predicate: (@Sendable (Action) -> Bool)?
    var body: ErasedListenerBody
    /// `listener for SomeAction`, or `listener` for one with a predicate.
    var name: String
    /// Where it was registered.
    var origin: CallSite
}

/// A listener that may want an action: its id, and its predicate (one that accepts every action,
/// for a listener registered for the action's type). Not the `ListenerEntry`, nor an optional
/// predicate: either would cost each dispatch a retain and release per candidate.
typealias ListenerCandidate = (id: Int, predicate: @Sendable (Action) -> Bool)

/// A listener run waiting in `take` for an action or in `condition` for a state.
struct ListenerWaiter {
    /// Whether an action, or the state it produced, ends the wait. The state is the store's
    /// `State?`, as `Any` so that the registry needn't be generic.
    var isMet: (Action, Any) -> Bool
    /// Resumed with the action that woke the run (`nil` when a state met before any action).
    var continuation: CheckedContinuation<HandedAction?, any Error>
    var run: EffectRun

    /// Ends the wait, the run counted as running again first.
    func resume(with result: Result<HandedAction?, any Error>) {
        run.work?.resume()
        continuation.resume(with: result)
    }
}

/// The listeners and their runs' waits: a `ListenerMiddleware`'s state, behind its lock (the runs
/// themselves are in its `ThunkEffects`).
struct ListenerRegistry {
    var nextID = 0
    /// In the order they were registered.
    var listeners: [ListenerEntry] = []
    /// For each action type seen, the listeners that may want its actions, in registration order:
    /// those registered for the type, and those with a predicate (with it, to ask).
    var candidatesByType: [ObjectIdentifier: [ListenerCandidate]] = [:]
    /// The last action type looked up and its candidates: a store dispatches few types, often the
    /// same one many times, and a comparison costs less than hashing.
    var lastMatch: (type: ObjectIdentifier, candidates: [ListenerCandidate])?
    var waiters: [Int: ListenerWaiter] = [:]

    mutating func makeID() -> Int {
        nextID += 1
        return nextID
    }

    /// Forgets what was derived from the listeners, after one was added or removed.
    mutating func listenersChanged() {
        candidatesByType.removeAll()
        lastMatch = nil
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

extension Locked where Value == ListenerRegistry {
    /// What the middleware must do with `action` (of type `type`), or `nil` when nothing: the
    /// listeners that may want it, and whether runs wait in `take` or `condition`. The check
    /// every dispatch makes, kept apart from the generic middleware so that it runs specialized
    /// code.
    func interest(in action: Action, of type: ObjectIdentifier) -> (
        candidates: [ListenerCandidate], checkWaiters: Bool
    )? {
        withLock { registry in
            if registry.lastMatch?.type != type {
                let candidates =
                    registry.candidatesByType[type]
                    ?? registry.listeners.filter { $0.matchesType?.matches(action) ?? true }.map {
                        ($0.id, $0.predicate ?? { _ in true })
                    }
                registry.candidatesByType[type] = candidates
                registry.lastMatch = (type, candidates)
            }
            // Checked in place: a copy of the candidates would cost a retain and a release.
            if registry.lastMatch?.candidates.isEmpty != false, registry.waiters.isEmpty { return nil }
            return (registry.lastMatch?.candidates ?? [], !registry.waiters.isEmpty)
        }
    }
}
