import Dispatch

/// When deferred writes run: the real clock and a dispatch queue in the library, a manual clock in tests.
protocol WriteClock: Sendable {
    /// The current time, in nanoseconds on a monotonic clock.
    var now: UInt64 { get }
    /// Runs `work` once the clock reaches `deadline` (at once if it already has).
    func schedule(at deadline: UInt64, _ work: @escaping @Sendable () -> Void)
}

/// The monotonic system clock; work runs on a serial background queue.
struct DispatchWriteClock: WriteClock {
    let queue: DispatchQueue

    var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    func schedule(at deadline: UInt64, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline), execute: work)
    }
}
