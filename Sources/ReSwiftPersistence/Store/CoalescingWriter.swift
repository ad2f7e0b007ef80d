import Foundation
import ReSwift

/// Writes the latest of a stream of values, once the stream has been quiet for a while.
///
/// ``StatePersister`` feeds it each new slice from the store. ``receive(_:)`` runs on the dispatching
/// thread, so it only records the value and, for the first value of a burst, arms a timer; the write
/// happens when the timer fires on the clock's queue. A burst that never pauses is still written
/// at least every `maximumDelay`.
///
/// Two locks: `shared` holds what is waiting and what was written, and is held only briefly;
/// `writeLock` is held while a value is taken from `shared` and written, so writes happen one at a
/// time and in the order the values were taken (a flush never races an older timed write to the
/// file).
final class CoalescingWriter<Value: Equatable & Sendable>: Sendable {
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

    /// What `receive`, `flush` and the timers share; lives inside its lock.
    private struct Shared {
        /// What is waiting to be written.
        var state = State.idle
        /// The value the file holds as far as this writer knows.
        var lastWritten: Value?
        /// A value was taken and is being written, so `lastWritten` is about to change and a value
        /// equal to it must not be skipped.
        var isWriting = false
        /// Increases with each armed timer, so a timer that was superseded does nothing.
        var timerGeneration: UInt64 = 0

        /// Whether `value` needn't be written: it is what the file holds, and no write is about to
        /// change that.
        func isWritten(_ value: Value) -> Bool {
            !isWriting && value == lastWritten
        }

        /// Makes `value` wait for a new timer, due after `quietPeriod` (at most `maximumDelay`).
        mutating func startBurst(
            _ value: Value, now: UInt64, quietPeriod: UInt64, maximumDelay: UInt64
        ) -> (generation: UInt64, deadline: UInt64) {
            timerGeneration += 1
            let deadline = now + quietPeriod
            state = .pending(
                value: value, quietUntil: deadline, latest: now + maximumDelay, timer: timerGeneration)
            return (timerGeneration, deadline)
        }

        /// Takes the waiting value to write it, if it differs from what the file holds.
        mutating func takeForWriting(_ value: Value) -> Value? {
            state = .idle
            if value == lastWritten { return nil }
            isWriting = true
            return value
        }
    }

    private let shared: Locked<Shared>
    /// Held while a value is taken from `shared` and written: one write at a time, in order.
    private let writeLock = Locked()

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
        self.shared = Locked(Shared(lastWritten: initial))
        self.quietPeriod = quietPeriod
        self.maximumDelay = max(maximumDelay, quietPeriod)
        self.clock = clock
        self.write = write
        self.errorHandler = errorHandler
    }

    /// Records `value` as the one to write, arming a timer if none is armed. Never blocks on I/O.
    func receive(_ value: Value) {
        let now = clock.now
        let arm: (generation: UInt64, deadline: UInt64)? = shared.withLock { shared in
            switch shared.state {
            case .idle:
                if shared.isWritten(value) { return nil }
                return shared.startBurst(
                    value, now: now, quietPeriod: quietPeriod, maximumDelay: maximumDelay)
            case .pending(_, _, let latest, let timer):
                if shared.isWritten(value) {
                    shared.state = .idle  // back to what the file holds; the armed timer finds nothing to do
                    return nil
                }
                if let timer {
                    shared.state = .pending(
                        value: value, quietUntil: now + quietPeriod, latest: latest, timer: timer)
                    return nil
                }
                // A value kept after a failed write: this change starts a new burst.
                return shared.startBurst(
                    value, now: now, quietPeriod: quietPeriod, maximumDelay: maximumDelay)
            }
        }
        if let arm { schedule(arm.generation, at: arm.deadline) }
    }

    /// Whether a value is waiting to be written.
    var hasPendingValue: Bool {
        shared.withLock { shared in
            if case .pending = shared.state { return true }
            return false
        }
    }

    /// Writes the waiting value now, if any, after any write in progress. Returns once it's written.
    func flush() {
        let error: (any Error)? = writeLock.withLock {
            let value: Value? = shared.withLock { shared in
                guard case .pending(let value, _, _, _) = shared.state else { return nil }
                return shared.takeForWriting(value)
            }
            return value.flatMap(perform)
        }
        if let error { errorHandler(error) }
    }

    private func schedule(_ generation: UInt64, at deadline: UInt64) {
        clock.schedule(at: deadline) { [weak self] in self?.timerFired(generation) }
    }

    private func timerFired(_ generation: UInt64) {
        let error: (any Error)? = writeLock.withLock {
            let now = clock.now
            let next: TimerAction = shared.withLock { shared in
                guard case .pending(let value, let quietUntil, let latest, let timer) = shared.state,
                    timer == generation
                else { return .nothing }  // written by a flush, cancelled, or superseded
                let due = min(quietUntil, latest)
                if now < due {
                    shared.timerGeneration += 1
                    shared.state = .pending(
                        value: value, quietUntil: quietUntil, latest: latest, timer: shared.timerGeneration)
                    return .rearm(shared.timerGeneration, at: due)
                }
                return shared.takeForWriting(value).map(TimerAction.write) ?? .nothing
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

    /// Writes `value`; the caller holds `writeLock` and has taken `value` out of `shared`.
    ///
    /// - Returns: What the write threw, for the caller to report once it released `writeLock` (the
    ///   handler may flush, or exit and so run the exit flush).
    private func perform(_ value: Value) -> (any Error)? {
        do {
            let base = shared.withLock { $0.lastWritten }
            let written = try write(value, base)
            shared.withLock { shared in
                shared.lastWritten = written
                shared.isWriting = false
                if case .pending(let pending, _, _, _) = shared.state, pending == written {
                    shared.state = .idle  // e.g. a merge result the app dispatched during the write
                }
            }
            return nil
        } catch {
            shared.withLock { shared in
                shared.isWriting = false
                // Keep the value for the next change or flush, unless a newer one arrived meanwhile.
                if case .idle = shared.state {
                    shared.state = .pending(value: value, quietUntil: 0, latest: 0, timer: nil)
                }
            }
            return error
        }
    }
}
