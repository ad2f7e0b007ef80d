import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// A clock for tests: time stands still until the test advances it, and advancing runs
/// everything that was due, in order, before it returns.
///
/// Give it to the effect middleware (``ThunkEffects``, ``ListenerMiddleware``), or use
/// ReSwiftTesting's `TestStore`, which installs one and advances it with
/// `await store.advance(by:)`:
///
/// ```swift
/// let clock = TestClock()
/// let store = Store<AppState>(
///     reducer: appReducer, state: nil,
///     middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock))])
/// store.dispatch(search("swi"))            // debounced by 300 ms
/// await clock.advance(by: .milliseconds(299))
/// // … nothing ran yet
/// await clock.advance(by: .milliseconds(1))
/// // … the search ran, and the actions it dispatched are reduced
/// ```
///
/// ## Determinism
///
/// ``advance(by:fileID:line:)`` first waits until the effects the middleware runs on this clock are idle:
/// each one has finished, or is suspended in this clock's `sleep`, or (a listener) in `take`
/// or `condition`. Then it wakes the sleepers that are due one at a time, earliest deadline
/// first (for equal deadlines, the effect that was dispatched first), moving ``now`` to each one's
/// deadline and waiting again until the effects are idle before waking the next. So when it
/// returns, everything that was due by the new ``now`` has run as far as it can without more
/// time passing. No real time passes in between: nothing sleeps, nothing polls.
///
/// The waits are bounded by ``settleTimeout`` of real time: an effect that waits for
/// something else (a network call, `Task.sleep`, a signal of the test's) can hold it up only
/// that long, and `advance` then returns `false`. A task that isn't a thunk or listener run
/// (one the test made itself) may sleep on the clock too; it is woken in order, but `advance`
/// can't tell when it next suspends, so it only yields a few times to let it run. A task a
/// thunk body starts (`async let`, a task group, `Task { }`) counts as that body: sleep on the
/// clock from the body itself for exact timing.
public final class TestClock: EffectClock, Sendable {
    private struct Sleeper {
        var deadline: EffectInstant
        var continuation: CheckedContinuation<Void, any Error>
        /// The effect run that sleeps, if a middleware runs it on this clock.
        var work: Int?

        /// Earliest deadline first; for equal deadlines, the effect that started first (effect
        /// runs are numbered on the dispatching thread, in dispatch order), then other tasks, in
        /// the order they slept (`id`).
        func order(id: Int) -> (Int64, Int, Int) { (deadline.nanoseconds, work ?? .max, id) }
    }

    private struct IdleWaiter {
        var continuation: CheckedContinuation<Bool, Never>
        var timeout: Task<Void, Never>
    }

    private struct State {
        var now: EffectInstant
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Effect runs that are running (not finished, not suspended on the clock).
        var running: Set<Int> = []
        var idleWaiters: [Int: IdleWaiter] = [:]

        mutating func makeID() -> Int {
            nextID += 1
            return nextID
        }

        /// Marks `work` as not running (suspended or finished); returns the idle waiters to
        /// wake if nothing runs now.
        mutating func suspend(_ work: Int) -> [IdleWaiter] {
            running.remove(work)
            guard running.isEmpty, !idleWaiters.isEmpty else { return [] }
            defer { idleWaiters.removeAll() }
            return Array(idleWaiters.values)
        }
    }

    private let state: Locked<State>
    private let settleNanoseconds: UInt64

    /// Creates a test clock.
    ///
    /// - Parameters:
    ///   - now: The instant it starts at.
    ///   - settleTimeout: The most real time, in seconds, that ``advance(by:fileID:line:)`` waits for effects
    ///     to become idle at each step (see the type's discussion).
    public init(now: EffectInstant = EffectInstant(nanoseconds: 0), settleTimeout: TimeInterval = 5) {
        state = Locked(State(now: now))
        settleNanoseconds = UInt64(max(0, min(settleTimeout, 86_400)) * 1e9)
    }

    /// How many effect runs are running now: not finished, and not suspended on the clock or
    /// in a listener's wait.
    var runningCount: Int { state.withLock { $0.running.count } }

    /// The current instant; it moves only when the clock is advanced.
    public var now: EffectInstant {
        state.withLock { $0.now }
    }

    /// The most real time, in seconds, that ``advance(by:fileID:line:)`` waits for effects at each step.
    public var settleTimeout: TimeInterval {
        Double(settleNanoseconds) / 1e9
    }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The deadlines of the tasks sleeping on the clock, earliest first.
    public var pendingDeadlines: [EffectInstant] {
        state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
    }

    /// Suspends until the clock has been advanced to `deadline`.
    ///
    /// - Parameter deadline: When to resume; at once if it isn't after ``now``.
    /// - Throws: `CancellationError` if the task is cancelled while it sleeps.
    public func sleep(until deadline: EffectInstant) async throws {
        let work = EffectEnvironment.current?.work.flatMap { $0.clock === self ? $0.id : nil }
        let id: Int? = state.withLock { state in deadline > state.now ? state.makeID() : nil }
        guard let id else {
            try Task.checkCancellation()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                // Checked with the lock held: a cancellation after it finds the sleeper below.
                let (cancelled, idle) = state.withLock { state -> (Bool, [IdleWaiter]) in
                    if Task.isCancelled { return (true, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation, work: work)
                    return (false, work.map { state.suspend($0) } ?? [])
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                Self.wake(idle)
            }
        } onCancel: {
            state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else { return nil }
                if let work = sleeper.work { state.running.insert(work) }
                return sleeper.continuation
            }?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, running everything due on the way (see the type's
    /// discussion).
    ///
    /// ```swift
    /// await clock.advance(by: .milliseconds(300))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move, zero or more. A negative or NaN duration is a
    ///     ``ThunkMisuse``, reported to ``ThunkHooks/misuseHandler``; time doesn't move.
    ///   - fileID: The caller's file, named in the misuse; leave the default.
    ///   - line: The caller's line, named in the misuse; leave the default.
    /// - Returns: `true` when every effect became idle within ``settleTimeout`` at each step;
    ///   `false` when one was still busy (time has still moved).
    @discardableResult
    public func advance(
        by duration: EffectDuration, fileID: StaticString = #fileID, line: UInt = #line
    ) async -> Bool {
        do {
            try ThunkMisuse.check(
                duration, for: "TestClock.advance(by:)", at: CallSite(fileID: fileID, line: line),
                reportingTo: ThunkHooks.misuseHandler)
        } catch {
            return false
        }
        return await advance(to: now + duration)
    }

    /// Moves time forward to `deadline` (if it is after ``now``), running everything due on the
    /// way (see the type's discussion).
    ///
    /// - Parameter deadline: The instant to move to.
    /// - Returns: `true` when every effect became idle within ``settleTimeout`` at each step.
    @discardableResult
    public func advance(to deadline: EffectInstant) async -> Bool {
        var settled = await settle()
        while true {
            let due = state.withLock { state -> Sleeper? in
                let dueEntry = state.sleepers.filter { $0.value.deadline <= deadline }
                    .min { $0.value.order(id: $0.key) < $1.value.order(id: $1.key) }
                guard let id = dueEntry?.key, let sleeper = dueEntry?.value else { return nil }
                state.sleepers[id] = nil
                state.now = max(state.now, sleeper.deadline)
                if let work = sleeper.work { state.running.insert(work) }
                return sleeper
            }
            guard let due else { break }
            due.continuation.resume()
            // A task no middleware runs: `settle` can't tell when it next suspends.
            if due.work == nil { for _ in 0..<16 { await Task.yield() } }
            settled = await settle() && settled
        }
        state.withLock { $0.now = max($0.now, deadline) }
        return await settle() && settled
    }

    /// Wakes every sleeper, in deadline order, until none is left, moving ``now`` to the last
    /// deadline. For effects that end by themselves; a poller that sleeps forever keeps it
    /// going until `maxSteps`.
    ///
    /// - Parameter maxSteps: The most sleepers to wake.
    /// - Returns: `true` when no sleeper is left and every effect became idle.
    @discardableResult
    public func run(maxSteps: Int = 10_000) async -> Bool {
        for _ in 0..<maxSteps {
            guard await settle() else { return false }
            guard let next = pendingDeadlines.first else { return true }
            guard await advance(to: next) else { return false }
        }
        return sleeperCount == 0
    }

    /// Waits until no effect run of this clock is running, up to ``settleTimeout``.
    ///
    /// - Returns: Whether they all became idle.
    @discardableResult
    public func settle() async -> Bool {
        let (id, settleNanoseconds) = (state.withLock { $0.makeID() }, self.settleNanoseconds)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let isIdle = state.withLock { [lock = state] state -> Bool in
                guard !state.running.isEmpty else { return true }
                // The bound, in real time: an effect blocked on something else than this clock.
                // Started with the lock held, so it finds the waiter registered.
                let timeout = Task {
                    try? await Task.sleep(nanoseconds: settleNanoseconds)
                    lock.withLock { $0.idleWaiters.removeValue(forKey: id) }?.continuation.resume(
                        returning: false)
                }
                state.idleWaiters[id] = IdleWaiter(continuation: continuation, timeout: timeout)
                return false
            }
            if isIdle { continuation.resume(returning: true) }
        }
    }

    private static func wake(_ waiters: [IdleWaiter]) {
        for waiter in waiters {
            waiter.timeout.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    // MARK: Effect runs (see EffectWork)

    func beginWork() -> Int {
        state.withLock { state in
            let id = state.makeID()
            state.running.insert(id)
            return id
        }
    }

    func suspendWork(_ id: Int) {
        Self.wake(state.withLock { $0.suspend(id) })
    }

    func resumeWork(_ id: Int) {
        state.withLock { _ = $0.running.insert(id) }
    }
}
