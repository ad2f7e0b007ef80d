@_spi(ReSwiftInternal) import ReSwift

/// Carries the task the middleware started for an awaited ``AsyncThunk`` back to the `dispatch`
/// call that awaits it.
final class ThunkHandoff<Value: Sendable>: Sendable {
    /// Whether a middleware claimed the thunk, and the task it started for it once it did.
    private let state = Locked<(claimed: Bool, task: Task<Value, any Error>?)>((false, nil))

    /// Claims the thunk for the middleware about to start it. Only the first claim succeeds: a
    /// middleware that dispatches the same thunk twice gets one awaited run and one
    /// fire-and-forget run.
    func claim() -> Bool {
        state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
    }

    /// The task started after a successful ``claim()``; `nil` if no middleware started the thunk.
    var task: Task<Value, any Error>? {
        get { state.withLock { $0.task } }
        set { state.withLock { $0.task = newValue } }
    }
}

/// Lets the middleware start an ``AsyncThunk`` without knowing its value type.
protocol AsyncThunkStarting {
    /// Starts the thunk's task if `context` is for the thunk's state type.
    ///
    /// - Returns: `false` (and does nothing) if the thunk is for another state type.
    func start<ContextState>(
        in context: EffectContext<ContextState>,
        errorHandler: @escaping @Sendable (UnhandledThunkError) -> Void
    ) -> Bool
}

extension AsyncThunk: AsyncThunkStarting {
    func start<ContextState>(
        in context: EffectContext<ContextState>,
        errorHandler: @escaping @Sendable (UnhandledThunkError) -> Void
    ) -> Bool {
        guard let context = context as? EffectContext<State> else { return false }
        let effects = context.effects
        let clock = effects.clock
        let awaited = handoff?.claim() ?? false
        var (deadline, cancelInFlight): (EffectInstant?, Bool) = (nil, false)
        if let id {
            do {
                switch timing {
                case .immediately(let cancel): cancelInFlight = cancel
                case .debounce(let interval):
                    try ThunkMisuse.check(
                        interval, for: "AsyncThunk(id:debounce:)", at: origin,
                        reportingTo: effects.misuseHandler)
                    (deadline, cancelInFlight) = (clock.now + interval, true)
                case .throttle(let interval):
                    try ThunkMisuse.check(
                        interval, for: "AsyncThunk(id:throttle:)", at: origin,
                        reportingTo: effects.misuseHandler)
                    guard effects.throttleAllows(id, interval: interval) else { throw CancellationError() }
                }
            } catch {
                // The thunk doesn't run: an awaiting `dispatch` throws the error.
                if awaited { handoff?.task = Task { throw error } }
                return true
            }
        }
        // Counted as running on a TestClock from here, before the task exists.
        let work = EffectWork.begin(on: clock)
        let run = id.map { effects.start($0, cancelInFlight: cancelInFlight, work: work) }
        let (body, origin, tracker) = (self.body, self.origin, self.tracker)
        let trackingID = tracker?.asyncThunkWillStart(description)
        let trackedName = tracker.map { _ in "\(AsyncThunk.self) created at \(origin)" }
        let dispatch = AsyncThunkDispatch { action in
            let send = { effects.dispatch(action, from: run, to: context.dispatch) }
            if let trackedName {
                TrackedAsyncThunk.$current.withValue(trackedName, operation: send)
            } else {
                send()
            }
        }
        let deadlineToWait = deadline
        let task = effects.task(run: run, work: work) {
            var result: Result<Value, any Error>
            do {
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                if let deadlineToWait { try await clock.sleep(until: deadlineToWait) }
                result = .success(try await body(dispatch, { context.getState() }))
            } catch {
                result = .failure(error)
            }
            if let run, let id {
                effects.finish(run, id: id)
                if run.isCancelled { result = .failure(CancellationError()) }
            }
            var unhandled: UnhandledThunkError?
            if !awaited, case .failure(let error) = result, !(error is CancellationError),
                !(error is ThunkMisuse)
            {
                unhandled = UnhandledThunkError(
                    error: error, thunkType: "\(AsyncThunk.self)", fileID: "\(origin.fileID)",
                    line: origin.line)
            }
            if let tracker, let trackingID {
                tracker.asyncThunkDidFinish(trackingID, unhandledError: unhandled)
            } else if let unhandled {
                errorHandler(unhandled)
            }
            return try result.get()
        }
        if awaited { handoff?.task = task }
        if let tracker, let trackingID {
            tracker.asyncThunk(trackingID, didStartWithCancel: { task.cancel() })
        }
        return true
    }
}
