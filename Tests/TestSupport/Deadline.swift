import ArgumentParsing
import Dispatch
import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import Testing

/// Runs `body` and returns what it returns, or throws a ``TestSupportError`` naming `what` when
/// `body` is still running after `seconds`: the one deadline on every wait in the tests.
///
/// `body` runs in the calling task, so it may use the caller's local state (an iterator, say).
/// When the deadline passes, the calling task is cancelled: a wait that honours cancellation (a
/// stream's `next()`, `Task.sleep`, `store.state(where:)`, a task group) ends at once, and the
/// helper throws whatever `body` did. So a test that waits for something that never happens fails
/// with a message after `seconds` instead of hanging the suite, and what it waited in ends with it.
///
/// ```swift
/// var states = store.states(\.count).makeAsyncIterator()
/// #expect(try await withDeadline("the first count") { await states.next() } == 0)
/// ```
///
/// The deadline counts time in which the cooperative thread pool could run tasks: in a full
/// parallel run, where blocking tests can hold every pool thread for many seconds, a wait whose
/// answer is queued behind them isn't failed for it; on an idle machine `seconds` is wall-clock time.
///
/// A wait that ignores cancellation (a semaphore, a continuation nobody resumes, the `value` of an
/// unstructured task) is not ended by it: give a semaphore a timeout, resume a continuation from
/// a cancellation handler, and wait for a task with ``_Concurrency/Task/value(waitingFor:seconds:sourceLocation:)``.
///
/// - Parameters:
///   - what: What the test waits for, for the failure message ("the first state").
///   - seconds: The deadline.
///   - isolation: Where `body` runs: the caller's actor.
///   - sourceLocation: The wait, named in the failure message.
///   - body: The wait.
/// - Returns: What `body` returns.
/// - Throws: ``TestSupportError`` when the deadline passed first; otherwise what `body` throws.
public func withDeadline<Result>(
    _ what: String, seconds: Double = 10,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> sending Result
) async throws -> Result {
    let watchdog = UnsafeDeadlineWatchdog(seconds: seconds)
    let result: Swift.Result<Result, any Error>
    do {
        result = .success(try await body())
    } catch {
        result = .failure(error)
    }
    if watchdog.finish() {
        throw TestSupportError(
            "Timed out after \(SecondsText.number(seconds)) s waiting for \(what) "
                + "(\(sourceLocation.fileName):\(sourceLocation.line)).")
    }
    return try result.get()
}

/// Waits until `condition` holds, checking it every 10 ms, for at most `seconds`.
///
/// ```swift
/// try await eventually("the tool is connected") { endpoint.statistics.connections == 1 }
/// ```
///
/// - Parameters:
///   - what: What the condition stands for, for the failure message.
///   - seconds: The deadline.
///   - isolation: Where `condition` runs: the caller's actor.
///   - sourceLocation: The wait, named in the failure message.
///   - condition: Checked at once, then every 10 ms until it returns `true`.
/// - Throws: ``TestSupportError`` naming `what` when the deadline passes first; what `condition`
///   throws.
public func eventually(
    _ what: String, seconds: Double = 10,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    try await withDeadline(what, seconds: seconds, isolation: isolation, sourceLocation: sourceLocation) {
        while try await !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

/// Waits on the calling thread until `condition` holds, checking it every `interval` seconds, for
/// at most `seconds` of wall-clock time: the one synchronous wait in the tests, for code that runs
/// on a thread of its own (a process's end, a socket that appears, a line of output).
///
/// ```swift
/// try eventually("the program to end", seconds: timeout) { !process.isRunning }
/// ```
///
/// `condition` may throw to end the wait early with its own error (the program ended before it
/// printed the line awaited, say). Async code calls the async
/// ``eventually(_:seconds:isolation:sourceLocation:_:)``, which doesn't hold a thread.
///
/// - Parameters:
///   - what: What the condition stands for, for the failure message.
///   - seconds: The deadline.
///   - interval: Seconds between checks.
///   - sourceLocation: The wait, named in the failure message.
///   - condition: Checked at once, then every `interval` until it returns `true`.
/// - Throws: ``TestSupportError`` naming `what` when the deadline passes first; what `condition`
///   throws.
@_disfavoredOverload  // in async code the async `eventually` is the one meant
public func eventually(
    _ what: String, seconds: Double = 10, checkingEvery interval: Double = 0.002,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) throws {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1_000_000_000)
    while try !condition() {
        guard DispatchTime.now().uptimeNanoseconds < deadline else {
            throw TestSupportError(
                "Timed out after \(SecondsText.number(seconds)) s waiting for \(what) "
                    + "(\(sourceLocation.fileName):\(sourceLocation.line)).")
        }
        usleep(UInt32(interval * 1_000_000))
    }
}

extension Task where Failure == any Error {
    /// The task's value, waited for with ``withDeadline(_:seconds:isolation:sourceLocation:_:)``;
    /// when the deadline passes (or the waiting task is cancelled) the task is cancelled too, so it
    /// ends with the test.
    ///
    /// ```swift
    /// await #expect(throws: CancellationError.self) { try await waiter.value(waitingFor: "the waiter") }
    /// ```
    ///
    /// - Parameters:
    ///   - what: What the task does, for the failure message.
    ///   - seconds: The deadline.
    ///   - sourceLocation: The wait, named in the failure message.
    /// - Returns: The task's value.
    /// - Throws: ``TestSupportError`` when the deadline passed first; what the task threw.
    public func value(
        waitingFor what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Success {
        try await withDeadline(what, seconds: seconds, sourceLocation: sourceLocation) {
            try await withTaskCancellationHandler {
                try await value
            } onCancel: {
                cancel()
            }
        }
    }
}

extension Task where Failure == Never {
    /// The task's value, waited for with ``withDeadline(_:seconds:isolation:sourceLocation:_:)``;
    /// when the deadline passes (or the waiting task is cancelled) the task is cancelled too, so it
    /// ends with the test.
    ///
    /// - Parameters:
    ///   - what: What the task does, for the failure message.
    ///   - seconds: The deadline.
    ///   - sourceLocation: The wait, named in the failure message.
    /// - Returns: The task's value.
    /// - Throws: ``TestSupportError`` when the deadline passed first.
    public func value(
        waitingFor what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Success {
        try await withDeadline(what, seconds: seconds, sourceLocation: sourceLocation) {
            await withTaskCancellationHandler {
                await value
            } onCancel: {
                cancel()
            }
        }
    }
}

/// Sleeps for `seconds` of time in which the cooperative thread pool was free to run tasks: time
/// the pool was too busy to wake this task doesn't count, since what a test waits for (a resumed
/// continuation, a task) couldn't run then either.
///
/// A full parallel run on a small machine can hold every pool thread with blocking tests for many
/// seconds; a wall-clock deadline would then fail waits whose answer is queued behind them. This
/// sleeps in steps of 100 ms and counts each step as at most 100 ms however late it woke, so on an
/// idle machine it sleeps `seconds`, and on a busy one longer, in proportion.
///
/// - Parameter seconds: The time to sleep.
/// - Throws: `CancellationError` when the task is cancelled.
func sleepInPoolTime(seconds: Double) async throws {
    let step = 0.1
    var remaining = seconds
    while remaining > 0 {
        let slice = min(step, remaining)
        try await Task.sleep(nanoseconds: UInt64(slice * 1_000_000_000))
        remaining -= slice
    }
}

/// Cancels the task that created it once `seconds` have passed (in pool time: see
/// ``sleepInPoolTime(seconds:)``), unless ``finish()`` came first.
///
/// Holds an `UnsafeCurrentTask`, which must not be used after its task ended. That holds because
/// the task is cancelled only in the `.waiting` state, under the lock, and the task leaves that
/// state (``finish()``) before it returns from ``withDeadline(_:seconds:isolation:sourceLocation:_:)``.
private final class UnsafeDeadlineWatchdog {
    private enum State {
        /// The body is running in this task; the timer has not fired.
        case waiting(UnsafeCurrentTask)
        /// The body returned or threw before the deadline.
        case finished
        /// The deadline passed and the task was cancelled.
        case timedOut
    }

    private let state: Locked<State>
    private let timer: Task<Void, Never>

    init(seconds: Double) {
        guard let task = withUnsafeCurrentTask(body: { $0 }) else {
            preconditionFailure("Internal inconsistency: withDeadline runs outside a task")
        }
        let state = Locked(State.waiting(task))
        self.state = state
        // Not detached: at the waiting task's priority, so that its wake-ups and the timer's queue
        // up in order, and with its task-local values, so that Swift Testing (6.3 on), which
        // treats the cancellation of a test's task as cancelling the test, knows which test it is.
        timer = Task {
            do {
                try await sleepInPoolTime(seconds: seconds)
            } catch {
                return  // finished first
            }
            state.withLock { state in
                guard case .waiting(let task) = state else { return }
                task.cancel()
                state = .timedOut
            }
        }
    }

    /// Stops the timer.
    ///
    /// - Returns: Whether the deadline passed first (and the task was cancelled).
    func finish() -> Bool {
        timer.cancel()
        return state.withLock { state in
            switch state {
            case .waiting:
                state = .finished
                return false
            case .finished:
                preconditionFailure("Internal inconsistency: a deadline finished twice")
            case .timedOut:
                return true
            }
        }
    }
}
