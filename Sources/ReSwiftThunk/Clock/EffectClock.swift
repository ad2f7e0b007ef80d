import Dispatch
import ReSwift

/// The clock effects wait on: debounced and throttled thunks, listeners' `delay`, and thunk
/// bodies that call ``EffectEnvironment/sleep(for:fileID:line:)``.
///
/// The thunk middleware and the listener middleware each take one (``ContinuousEffectClock`` by
/// default). Tests give them a ``TestClock`` instead and advance it, so no test of a debounce,
/// a throttle or a poller waits in real time. A `Clock`-like protocol of the package's own,
/// because Swift's `Clock` needs macOS 13 / iOS 16.
public protocol EffectClock: Sendable {
    /// The current instant.
    var now: EffectInstant { get }

    /// Suspends until `deadline`, or returns at once if it has passed.
    ///
    /// - Parameter deadline: When to resume.
    /// - Throws: `CancellationError` if the task is cancelled while it sleeps.
    func sleep(until deadline: EffectInstant) async throws
}

extension EffectClock {
    /// Suspends for `duration`.
    ///
    /// ```swift
    /// try await clock.sleep(for: .seconds(2))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to sleep, zero or more. A negative or NaN duration is a misuse:
    ///     it goes to the misuse handler of the middleware running the current effect, or
    ///     outside one to ``ThunkHooks/misuseHandler`` (which stops the program by default),
    ///     and, if the handler returns, this throws it instead of sleeping.
    ///   - fileID: The caller's file, named in the misuse; leave the default.
    ///   - line: The caller's line, named in the misuse; leave the default.
    /// - Throws: `CancellationError` if the task is cancelled while it sleeps, or the
    ///   ``ThunkMisuse`` for a negative or NaN duration.
    public func sleep(
        for duration: EffectDuration, fileID: StaticString = #fileID, line: UInt = #line
    ) async throws {
        try ThunkMisuse.check(
            duration, for: "sleep(for:)", at: CallSite(fileID: fileID, line: line),
            // The handler of the middleware running the current effect, if one does.
            reportingTo: EffectEnvironment.current?.misuseHandler ?? ThunkHooks.misuseHandler)
        // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
        try await sleep(until: now + duration)
    }
}

extension EffectClock where Self == ContinuousEffectClock {
    /// The real clock: ``ContinuousEffectClock``.
    public static var continuous: ContinuousEffectClock { ContinuousEffectClock() }
}

/// The real clock: monotonic time (it never jumps when the wall clock is set), sleeping with
/// `Task.sleep`.
public struct ContinuousEffectClock: EffectClock {
    /// Creates the real clock. All instances tell the same time.
    public init() {}

    /// Nanoseconds of monotonic time since an arbitrary start (the machine's boot).
    public var now: EffectInstant {
        EffectInstant(nanoseconds: Int64(clamping: DispatchTime.now().uptimeNanoseconds))
    }

    /// Sleeps until `deadline` with `Task.sleep`.
    ///
    /// - Parameter deadline: When to resume.
    /// - Throws: `CancellationError` if the task is cancelled while it sleeps.
    public func sleep(until deadline: EffectInstant) async throws {
        let remaining = deadline - now
        guard remaining.nanoseconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(nanoseconds: UInt64(remaining.nanoseconds))
    }
}
