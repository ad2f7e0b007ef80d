import Foundation
import ReSwift

/// Writes the latest of a stream of values, once the stream has been quiet for a while.
///
/// ``StatePersister`` feeds it each new slice from the store. ``receive(_:)`` runs on the dispatching
/// thread, so it only records the value and, for the first value of a burst, arms a timer; the write
/// happens when the timer fires on the clock's queue. A burst that never pauses is still written
/// at least every `maximumDelay`.
///
/// Two locks: `stateLock` guards ``state`` and ``lastWritten`` and is held only briefly; `writeLock`
/// is held while a value is taken from ``state`` and written, so writes happen one at a time and
/// in the order the values were taken (a flush never races an older timed write to the file).
final class CoalescingWriter<Value: Equatable & Sendable>: @unchecked Sendable {
    /// What is waiting to be written.
    private enum State {
        /// Nothing waits: the last value received was written, or equals what was.
        case idle
        /// `value` waits. It is due once the clock reaches `min(quietUntil, latest)`. `timer` is the
        /// generation of the armed timer, or `nil` when none is armed (after a failed write, the value
        /// waits for the next change or a flush).
        case pending(value: Value, quietUntil: UInt64, latest: UInt64, timer: UInt64?)
    }

    /// What a firing timer does next.
    private enum TimerAction {
        /// The timer is stale: the value was flushed, cancelled, or another timer took over.
        case nothing
        /// Values kept coming: wait again, with this timer generation, until this deadline.
        case rearm(UInt64, at: UInt64)
        /// The value is due: write it.
        case write(Value)
    }

    private let quietPeriod: UInt64
    private let maximumDelay: UInt64
    private let clock: any WriteClock
    private let write: @Sendable (_ value: Value, _ base: Value?) throws -> Value
    private let errorHandler: @Sendable (any Error) -> Void

    // Guards the fields named below; its own value is an unused Int, because ThreadSanitizer
    // reports a race on an empty (Void) value's accesses.
    private let stateLock = Locked(0)
    // Guards the fields named below; its own value is an unused Int, because ThreadSanitizer
    // reports a race on an empty (Void) value's accesses.
    private let writeLock = Locked(0)
    // Guarded by `stateLock`.
    private var state = State.idle
    // Guarded by `stateLock`: the value the file holds as far as this writer knows.
    private var lastWritten: Value?
    // Guarded by `stateLock`: a value was taken and is being written, so `lastWritten` is about to
    // change and a value equal to it must not be skipped.
    private var isWriting = false
    // Guarded by `stateLock`: increases with each armed timer, so a timer that was superseded does nothing.
    private var timerGeneration: UInt64 = 0

    /// - Parameters:
    ///   - initial: The value the file is known to hold (or that needn't be written), if any.
    ///   - quietPeriod: How long, in nanoseconds, no new value must arrive before the latest is written.
    ///   - maximumDelay: The longest, in nanoseconds, a value waits while new ones keep arriving.
    ///   - clock: Tells the time and runs the timers.
    ///   - write: Writes a value, given the value last written (or `initial`), and returns what it
    ///     actually wrote (a merge may differ). Runs on the clock's queue or the flushing thread, one
    ///     call at a time.
    ///   - errorHandler: Receives what `write` threw.
    init(
        initial: Value?, quietPeriod: UInt64, maximumDelay: UInt64, clock: any WriteClock,
        write: @escaping @Sendable (_ value: Value, _ base: Value?) throws -> Value,
        errorHandler: @escaping @Sendable (any Error) -> Void
    ) {
        self.lastWritten = initial
        self.quietPeriod = quietPeriod
        self.maximumDelay = max(maximumDelay, quietPeriod)
        self.clock = clock
        self.write = write
        self.errorHandler = errorHandler
    }

    /// Records `value` as the one to write, arming a timer if none is armed. Never blocks on I/O.
    func receive(_ value: Value) {
        let now = clock.now
        let arm: (generation: UInt64, deadline: UInt64)? = stateLock.withLock { _ in
            switch state {
            case .idle:
                if !isWriting && value == lastWritten { return nil }
                timerGeneration += 1
                let deadline = now + quietPeriod
                state = .pending(
                    value: value, quietUntil: deadline, latest: now + maximumDelay, timer: timerGeneration)
                return (timerGeneration, deadline)
            case .pending(_, _, let latest, let timer):
                if !isWriting && value == lastWritten {
                    state = .idle  // back to what the file holds; the armed timer finds nothing to do
                    return nil
                }
                if let timer {
                    state = .pending(
                        value: value, quietUntil: now + quietPeriod, latest: latest, timer: timer)
                    return nil
                }
                // A value kept after a failed write: this change starts a new burst.
                timerGeneration += 1
                let deadline = now + quietPeriod
                state = .pending(
                    value: value, quietUntil: deadline, latest: now + maximumDelay, timer: timerGeneration)
                return (timerGeneration, deadline)
            }
        }
        if let arm { schedule(arm.generation, at: arm.deadline) }
    }

    /// Whether a value is waiting to be written.
    var hasPendingValue: Bool {
        stateLock.withLock { _ in
            if case .pending = state { return true }
            return false
        }
    }

    /// Writes the waiting value now, if any, after any write in progress. Returns once it's written.
    func flush() {
        let error: (any Error)? = writeLock.withLock { _ in
            let value: Value? = stateLock.withLock { _ in
                guard case .pending(let value, _, _, _) = state else { return nil }
                state = .idle
                if value == lastWritten { return nil }
                isWriting = true
                return value
            }
            return value.flatMap(perform)
        }
        if let error { errorHandler(error) }
    }

    private func schedule(_ generation: UInt64, at deadline: UInt64) {
        clock.schedule(at: deadline) { [weak self] in self?.timerFired(generation) }
    }

    private func timerFired(_ generation: UInt64) {
        let error: (any Error)? = writeLock.withLock { _ in
            let now = clock.now
            let next: TimerAction = stateLock.withLock { _ in
                guard case .pending(let value, let quietUntil, let latest, let timer) = state,
                    timer == generation
                else { return .nothing }  // written by a flush, cancelled, or superseded
                let due = min(quietUntil, latest)
                if now < due {
                    timerGeneration += 1
                    state = .pending(
                        value: value, quietUntil: quietUntil, latest: latest, timer: timerGeneration)
                    return .rearm(timerGeneration, at: due)
                }
                state = .idle
                if value == lastWritten { return .nothing }
                isWriting = true
                return .write(value)
            }
            switch next {
            case .nothing:
                return nil
            case .rearm(let generation, let deadline):
                schedule(generation, at: deadline)
                return nil
            case .write(let value):
                return perform(value)
            }
        }
        if let error { errorHandler(error) }
    }

    /// Writes `value`; the caller holds `writeLock` and has taken `value` out of ``state``.
    ///
    /// - Returns: What the write threw, for the caller to report once it released `writeLock` (the
    ///   handler may flush, or exit and so run the exit flush).
    private func perform(_ value: Value) -> (any Error)? {
        do {
            let base = stateLock.withLock { _ in lastWritten }
            let written = try write(value, base)
            stateLock.withLock { _ in
                lastWritten = written
                isWriting = false
                if case .pending(let pending, _, _, _) = state, pending == written {
                    state = .idle  // e.g. a merge result the app dispatched during the write
                }
            }
            return nil
        } catch {
            stateLock.withLock { _ in
                isWriting = false
                // Keep the value for the next change or flush, unless a newer one arrived meanwhile.
                if case .idle = state {
                    state = .pending(value: value, quietUntil: 0, latest: 0, timer: nil)
                }
            }
            return error
        }
    }
}
