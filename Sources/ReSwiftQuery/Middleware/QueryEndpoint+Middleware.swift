import Foundation
import ReSwift
import ReSwiftThunk

extension QueryEndpoint {
    /// Creates the middleware that fetches the endpoint's entries, for a store whose state keeps
    /// them where `select` finds them. It carries out the ``QueryPolicy``:
    ///
    /// - one fetch in flight per entry, however many parts of the app want it or ask again;
    /// - an answer younger than `freshFor` is not fetched again; a stale one stays shown
    ///   (``QueryEntry/Status/refreshing``) while it is;
    /// - an entry nobody wants has its fetch or poll cancelled, and is removed after `keepFor`;
    /// - a wanted entry is fetched again every `pollEvery` (from the start of one fetch to the
    ///   next) until an answer is complete, and ``QueryEntry/isPolling`` says so meanwhile;
    /// - a transient failure is retried with a growing delay;
    /// - ``InvalidateQueries`` fetches the wanted entries of its tags again and removes the rest.
    ///
    /// The fetches, polls and timers run as async thunks, so put the thunk middleware before it;
    /// they wait on the thunk middleware's clock (a `TestClock` in a `TestStore`), and the
    /// answers' instants come from it.
    ///
    /// ```swift
    /// let store = Store<AppState>(
    ///     reducer: appReducer, state: AppState(),
    ///     middleware: [createThunkMiddleware(), albums.middleware(\.albums)])
    /// ```
    ///
    /// Every other action goes on untouched, at the cost of one type comparison.
    ///
    /// - Parameters:
    ///   - select: Where the endpoint's slice is in the state.
    ///   - now: The wall clock that dates each answer (``QueryTimestamp/date``); the system's by
    ///     default.
    /// - Returns: The middleware.
    public func middleware<State>(
        _ select: @escaping (State) -> QueryState<Argument, Value>,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> Middleware<State> {
        let handled = HandledTypes(
            query: ObjectIdentifier(QueryAction<Argument, Value>.self),
            invalidate: ObjectIdentifier(InvalidateQueries.self),
            wait: ObjectIdentifier(QueryWait<Argument, Value>.self))
        return { dispatch, getState in
            let driver = QueryDriver<State, Argument, Value>(
                endpoint: self, dispatch: dispatch, slice: { getState().map(select) }, now: now)
            return { next in
                passingOn(handled, to: next) { action in
                    if let query = action as? QueryAction<Argument, Value> {
                        guard query.endpoint == name else { return next(action) }
                        next(action)
                        driver.handle(query)
                    } else if let invalidate = action as? InvalidateQueries {
                        next(action)
                        driver.invalidate(invalidate.tags)
                    } else if let wait = action as? QueryWait<Argument, Value>, wait.endpoint == name {
                        driver.wait(wait)
                    } else {
                        next(action)
                    }
                }
            }
        }
    }
}

/// The action types an endpoint's middleware handles.
private struct HandledTypes {
    var query: ObjectIdentifier
    var invalidate: ObjectIdentifier
    var wait: ObjectIdentifier
}

/// The middleware's function for each action: every action of another type goes on to `next` at
/// the cost of comparing its type, in code with no generic context (the endpoint's own code, generic
/// and not specialized for the app's types, would cost several times a dispatch).
private func passingOn(
    _ handled: HandledTypes, to next: @escaping DispatchFunction, _ handle: @escaping DispatchFunction
) -> DispatchFunction {
    return { action in
        let type = ObjectIdentifier(Swift.type(of: action))
        if type == handled.query || type == handled.invalidate || type == handled.wait {
            handle(action)
        } else {
            next(action)
        }
    }
}

/// What one endpoint's middleware does for one store: turns requests into workers and timers.
private struct QueryDriver<State, Argument: Hashable & Sendable, Value: Sendable> {
    let endpoint: QueryEndpoint<Argument, Value>
    let dispatch: DispatchFunction
    let slice: () -> QueryState<Argument, Value>?
    let now: @Sendable () -> Date
    let runtime = QueryRuntime<Argument, Value>()

    func handle(_ action: QueryAction<Argument, Value>) {
        let argument = action.argument
        switch action.event {
        case .want:
            if runtime.unscheduleRemoval(argument) {
                dispatch(CancelThunks(id: removalID(argument)))
            }
            fetch(argument, .ifStale)
        case .refetch:
            fetch(argument, .unlessFetching)
        case .restart:
            fetch(argument, .always)
        case .unwant:
            guard let entry = slice()?[argument], entry.wantedBy == 0 else { return }
            stop(argument)
            scheduleRemoval(argument)
        case .cancel:
            stop(argument)
        case .removed:
            if slice()?[argument] == nil { _ = runtime.stop(argument) }
            resumeWaiters(argument)
        case .loaded, .failed, .cancelled:
            if slice()?[argument]?.isSettled != false { resumeWaiters(argument) }
        default:
            break
        }
    }

    /// Resumes `wait` now if its entry has settled (neither fetching nor polling), else when it
    /// does.
    func wait(_ wait: QueryWait<Argument, Value>) {
        let entry = slice()?[wait.argument]
        guard let entry, !entry.isSettled else {
            wait.waiter.take()
            wait.waiter.resume(with: entry)
            return
        }
        runtime.add(wait.waiter, for: wait.argument)
        // The entry may have settled in between, on another thread.
        if slice()?[wait.argument]?.isSettled != false { resumeWaiters(wait.argument) }
    }

    private func resumeWaiters(_ argument: Argument) {
        let waiters = runtime.takeWaiters(argument)
        guard !waiters.isEmpty else { return }
        let entry = slice()?[argument]
        for waiter in waiters { waiter.resume(with: entry) }
    }

    func invalidate(_ tags: Set<String>) {
        guard let entries = slice()?.entries else { return }
        for (argument, entry) in entries where !endpoint.tags(argument).isDisjoint(with: tags) {
            dispatch(endpoint.action(argument, .invalidated))
            if entry.wantedBy > 0 {
                fetch(argument, .always)
            } else {
                stop(argument)
                dispatch(endpoint.action(argument, .removed))
            }
        }
    }

    /// Starts a worker for `argument` if `demand` calls for one.
    private func fetch(_ argument: Argument, _ demand: QueryRuntime<Argument, Value>.Demand) {
        let entry = slice()?[argument]
        let freshFor = endpoint.policy.freshFor
        let decision = runtime.start(argument, demand: demand) { clock in
            entry?.isFresh(at: clock.now, freshFor: freshFor) == true
        }
        guard case .yes(let generation) = decision else { return }
        dispatch(endpoint.action(argument, .started))
        dispatch(
            AsyncThunk<State, Void>(id: workerID(argument), cancelInFlight: true) {
                [endpoint, runtime, now, entry] dispatch, _ in
                runtime.learn(EffectEnvironment.clock)
                await QueryWorker(
                    endpoint: endpoint, argument: argument, generation: generation, runtime: runtime,
                    now: now,
                    dispatch: dispatch
                ).run(from: entry?.value)
            })
    }

    /// Cancels `argument`'s worker, if it has one, and says so when it was fetching or polling.
    private func stop(_ argument: Argument) {
        guard runtime.stop(argument) else { return }
        dispatch(CancelThunks(id: workerID(argument)))
        if slice()?[argument]?.isSettled == false {
            dispatch(endpoint.action(argument, .cancelled))
        }
    }

    private func scheduleRemoval(_ argument: Argument) {
        guard let keepFor = endpoint.policy.keepFor else { return }
        runtime.scheduleRemoval(argument)
        dispatch(
            AsyncThunk<State, Void>(id: removalID(argument), cancelInFlight: true) {
                [endpoint, runtime] dispatch, _ in
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: keepFor)
                guard runtime.unscheduleRemoval(argument) else { return }
                dispatch(endpoint.action(argument, .removed))
            })
    }

    private func workerID(_ argument: Argument) -> QueryWorkerID<Argument> {
        QueryWorkerID(key: endpoint.key(argument), runtime: ObjectIdentifier(runtime))
    }

    private func removalID(_ argument: Argument) -> QueryRemovalID<Argument> {
        QueryRemovalID(key: endpoint.key(argument), runtime: ObjectIdentifier(runtime))
    }
}

/// The task of one entry: fetches, retries transient failures, polls until complete. It is
/// cancelled (by its thunk id) when nobody wants the entry, on request, or when replaced.
private struct QueryWorker<Argument: Hashable & Sendable, Value: Sendable> {
    let endpoint: QueryEndpoint<Argument, Value>
    let argument: Argument
    let generation: Int
    let runtime: QueryRuntime<Argument, Value>
    let now: @Sendable () -> Date
    let dispatch: AsyncThunkDispatch

    /// Fetches, polls and retries, each fetch seeing the entry's value as the worker last left
    /// it, starting from `current`. Polls start `pollEvery` after the previous fetch started, so
    /// a slow answer shortens the wait, not the spacing.
    func run(from current: Value?) async {
        var current = current
        var attempt = 0
        while !Task.isCancelled {
            do {
                let clock = EffectEnvironment.clock
                let started = clock.now
                let value = try await endpoint.fetch(argument, current)
                try Task.checkCancellation()
                current = value
                let polls = endpoint.policy.pollEvery.map { _ in !endpoint.isComplete(value) } ?? false
                let timestamp = QueryTimestamp(instant: clock.now, date: now())
                // Not fetching any more (a reload may start a new fetch), but still the entry's
                // worker until its answer is reduced: a want in between finds the worker, not a
                // stale entry, and starts no second fetch.
                guard runtime.setFetching(argument, generation: generation, false) else { return }
                dispatch(endpoint.action(argument, .loaded(value, at: timestamp)))
                guard polls, let interval = endpoint.policy.pollEvery else {
                    runtime.finish(argument, generation: generation)
                    return
                }
                attempt = 0
                // hazard-check: ok because this is EffectClock's sleep(until:) on its own instants (nanoseconds), which needs no macOS 13
                try await clock.sleep(until: started + interval)
                guard runtime.setFetching(argument, generation: generation, true) else { return }
                dispatch(endpoint.action(argument, .started))
            } catch {
                if error is CancellationError || Task.isCancelled { return }
                let failure = endpoint.queryError(error)
                guard failure.isTransient, attempt < endpoint.policy.retry.attempts else {
                    guard runtime.setFetching(argument, generation: generation, false) else { return }
                    dispatch(endpoint.action(argument, .failed(failure)))
                    runtime.finish(argument, generation: generation)
                    return
                }
                attempt += 1
                guard runtime.setFetching(argument, generation: generation, false) else { return }
                dispatch(endpoint.action(argument, .retrying(failure, attempt: attempt)))
                do {
                    // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                    try await EffectEnvironment.sleep(
                        for: endpoint.policy.retry.delay(beforeAttempt: attempt))
                } catch {
                    return
                }
                guard runtime.setFetching(argument, generation: generation, true) else { return }
            }
        }
    }
}
