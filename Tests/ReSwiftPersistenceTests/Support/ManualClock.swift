import Foundation

@testable import ReSwiftPersistence

/// A clock that moves only when the test says, running due timers on the test's thread.
final class ManualClock: WriteClock, @unchecked Sendable {
    // `time`, `timers` and `sequence` are read and written only while holding `lock`.
    private let lock = NSLock()
    private var time: UInt64 = 1_000_000_000
    private var timers: [(deadline: UInt64, sequence: Int, work: @Sendable () -> Void)] = []
    private var sequence = 0

    var now: UInt64 { lock.withLock { time } }

    /// How many timers wait to fire.
    var scheduledCount: Int { lock.withLock { timers.count } }

    func schedule(at deadline: UInt64, _ work: @escaping @Sendable () -> Void) {
        lock.withLock {
            sequence += 1
            timers.append((deadline, sequence, work))
        }
    }

    /// Moves time forward by `milliseconds`, firing each timer that comes due, in deadline order.
    func advance(milliseconds: UInt64) {
        let target = now + milliseconds * 1_000_000
        while true {
            let next: (@Sendable () -> Void)? = lock.withLock {
                guard
                    let index = timers.indices.filter({ timers[$0].deadline <= target })
                        .min(by: {
                            (timers[$0].deadline, timers[$0].sequence) < (
                                timers[$1].deadline, timers[$1].sequence
                            )
                        })
                else { return nil }
                let timer = timers.remove(at: index)
                time = max(time, timer.deadline)
                return timer.work
            }
            guard let next else { break }
            next()
        }
        lock.withLock { time = target }
    }
}

/// Records what a writer wrote, and can be told to fail.
final class WriteLog<Value: Sendable>: @unchecked Sendable {
    struct Refused: Error {}

    // `values`, `failing` and `errors` are read and written only while holding `lock`.
    private let lock = NSLock()
    private var values: [Value] = []
    private var failing = false
    private var errorCount = 0

    var written: [Value] { lock.withLock { values } }
    var errors: Int { lock.withLock { errorCount } }
    var failsWrites: Bool {
        get { lock.withLock { failing } }
        set { lock.withLock { failing = newValue } }
    }

    var write: @Sendable (Value) throws -> Void {
        { [self] value in
            try lock.withLock {
                if failing { throw Refused() }
                values.append(value)
            }
        }
    }

    /// `write` in the form a ``CoalescingWriter`` takes: writes the value as given.
    var writer: @Sendable (Value, Value?) throws -> Value {
        { [self] value, _ in
            try write(value)
            return value
        }
    }

    var errorHandler: @Sendable (any Error) -> Void { { [self] _ in lock.withLock { errorCount += 1 } } }
}
