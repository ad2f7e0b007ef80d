@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import ReSwiftThunk

/// What one endpoint's middleware keeps for one store, beyond the state: which entries have a
/// worker (the task that fetches, retries and polls an entry), whether it is fetching now, and
/// which unwanted entries wait for removal. Lives in a lock: dispatches come from any thread.
final class QueryRuntime<Argument: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One entry's worker.
    struct Worker {
        /// Tells this worker from a later one of the same entry.
        var generation: Int
        /// Fetching now (`true`), or waiting on the clock to poll or retry (`false`).
        var isFetching: Bool
    }

    private struct State {
        var workers: [Argument: Worker] = [:]
        var removals: Set<Argument> = []
        /// Waits for entries to settle (``QueryEndpoint/settledEntry(_:dispatch:)``).
        var waiters: [Argument: [QueryWaiter<Value>]] = [:]
        var nextGeneration = 0
        /// The store's effect clock, as the workers find it (`EffectEnvironment.clock`).
        var clock: (any EffectClock)?
    }

    /// Whether to start a worker for an entry.
    enum Start {
        /// Fresh or already fetching: nothing to do.
        case no
        /// Start the worker with this generation (replacing one waiting to poll or retry).
        case yes(generation: Int)
    }

    /// How a fetch is asked for.
    enum Demand {
        /// The entry is wanted: fetch unless fresh, fetching, or waiting to poll or retry.
        case ifStale
        /// The user asked: fetch unless fetching.
        case unlessFetching
        /// An invalidation: fetch, even over a running fetch (its answer may be out of date).
        case always
    }

    private let state = Locked(State())

    /// The clock the workers run on, once one ran; `nil` before.
    var clock: (any EffectClock)? { state.withLock { $0.clock } }

    func learn(_ clock: any EffectClock) {
        state.withLock { $0.clock = clock }
    }

    /// Decides whether to start a worker for `argument`, and if so claims it.
    func start(_ argument: Argument, demand: Demand, isFresh: (any EffectClock) -> Bool) -> Start {
        state.withLock { state in
            if let worker = state.workers[argument] {
                switch demand {
                case .ifStale: return .no
                case .unlessFetching where worker.isFetching: return .no
                case .unlessFetching, .always: break
                }
            } else if demand == .ifStale, let clock = state.clock, isFresh(clock) {
                return .no
            }
            state.nextGeneration += 1
            state.workers[argument] = Worker(generation: state.nextGeneration, isFetching: true)
            return .yes(generation: state.nextGeneration)
        }
    }

    /// Marks the worker as fetching or waiting; `false` when it was replaced or stopped.
    @discardableResult
    func setFetching(_ argument: Argument, generation: Int, _ isFetching: Bool) -> Bool {
        state.withLock { state in
            guard state.workers[argument]?.generation == generation else { return false }
            state.workers[argument]?.isFetching = isFetching
            return true
        }
    }

    /// The worker finished; `false` when it was replaced or stopped before.
    @discardableResult
    func finish(_ argument: Argument, generation: Int) -> Bool {
        state.withLock { state in
            guard state.workers[argument]?.generation == generation else { return false }
            state.workers[argument] = nil
            return true
        }
    }

    /// Forgets the worker of `argument`; whether there was one (the caller cancels its task).
    func stop(_ argument: Argument) -> Bool {
        state.withLock { $0.workers.removeValue(forKey: argument) != nil }
    }

    /// Keeps `waiter` until `argument`'s entry settles.
    func add(_ waiter: QueryWaiter<Value>, for argument: Argument) {
        waiter.take()
        state.withLock { $0.waiters[argument, default: []].append(waiter) }
    }

    /// The waiters of `argument`, which the caller resumes.
    func takeWaiters(_ argument: Argument) -> [QueryWaiter<Value>] {
        state.withLock { $0.waiters.removeValue(forKey: argument) ?? [] }
    }

    /// Notes that a removal waits for `argument`.
    func scheduleRemoval(_ argument: Argument) {
        state.withLock { _ = $0.removals.insert(argument) }
    }

    /// Forgets the removal of `argument`; whether one was waiting (the caller cancels it).
    func unscheduleRemoval(_ argument: Argument) -> Bool {
        state.withLock { $0.removals.remove(argument) != nil }
    }
}

extension QueryRuntime.Demand: Equatable {}

/// The thunk id of an entry's worker.
struct QueryWorkerID<Argument: Hashable & Sendable>: Hashable, Sendable {
    var key: QueryKey<Argument>
    /// Tells two stores' middleware apart, which share no ids.
    var runtime: ObjectIdentifier
}

/// The thunk id of an entry's removal timer.
struct QueryRemovalID<Argument: Hashable & Sendable>: Hashable, Sendable {
    var key: QueryKey<Argument>
    var runtime: ObjectIdentifier
}
