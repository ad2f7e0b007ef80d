import Foundation
@_spi(ReSwiftInternal) import ReSwift

@testable import ReSwiftPersistence

/// A clock that moves only when the test says, running due timers on the test's thread.
final class ManualClock: WriteClock, Sendable {
    private struct State {
        var time: UInt64 = 1_000_000_000
        var timers: [(deadline: UInt64, sequence: Int, work: @Sendable () -> Void)] = []
        var sequence = 0
    }

    private let state = Locked(State())

    var now: UInt64 { state.withLock { $0.time } }

    /// How many timers wait to fire.
    var scheduledCount: Int { state.withLock { $0.timers.count } }

    func schedule(at deadline: UInt64, _ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.sequence += 1
            state.timers.append((deadline, state.sequence, work))
        }
    }

    /// Moves time forward by `milliseconds`, firing each timer that comes due, in deadline order.
    func advance(milliseconds: UInt64) {
        let target = now + milliseconds * 1_000_000
        while true {
            let next: (@Sendable () -> Void)? = state.withLock { state in
                let timers = state.timers
                guard
                    let index = timers.indices.filter({ timers[$0].deadline <= target })
                        .min(by: {
                            (timers[$0].deadline, timers[$0].sequence) < (
                                timers[$1].deadline, timers[$1].sequence
                            )
                        })
                else { return nil }
                let timer = state.timers.remove(at: index)
                state.time = max(state.time, timer.deadline)
                return timer.work
            }
            guard let next else { break }
            next()
        }
        state.withLock { $0.time = target }
    }
}

/// Records what a writer wrote, and can be told to fail.
final class WriteLog<Value: Sendable>: Sendable {
    struct Refused: Error {}

    private struct State {
        var values: [Value] = []
        var failing = false
        var errorCount = 0
    }

    private let state = Locked(State())

    var written: [Value] { state.withLock { $0.values } }
    var errors: Int { state.withLock { $0.errorCount } }
    var failsWrites: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    var write: @Sendable (Value) throws -> Void {
        { [state] value in
            try state.withLock { state in
                if state.failing { throw Refused() }
                state.values.append(value)
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

    var errorHandler: @Sendable (any Error) -> Void { { [state] _ in state.withLock { $0.errorCount += 1 } } }
}
