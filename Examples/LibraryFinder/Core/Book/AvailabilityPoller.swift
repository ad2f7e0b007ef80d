import Foundation

/// The time the poller reads and waits on; tests inject one that doesn't wait.
protocol PollingClock: Sendable {
    /// Seconds since some fixed point.
    func now() -> Double
    /// Waits `seconds`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(seconds: Double) async throws
}

/// The real clock: `DispatchTime` (monotonic) and `Task.sleep(nanoseconds:)`, which work from
/// macOS 10.15 / iOS 13, the package's deployment targets. (`ContinuousClock` and
/// `Task.sleep(for:)` need macOS 13 / iOS 16.)
struct ContinuousPollingClock: PollingClock {
    private let start = DispatchTime.now().uptimeNanoseconds

    func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func sleep(seconds: Double) async throws {
        // At most a day at once, so the conversion to nanoseconds can't overflow.
        try await Task.sleep(nanoseconds: UInt64(min(max(seconds, 0), 86_400) * 1e9))
    }
}

/// Runs one `/check` search to its end: the first request, then polls with the session until
/// `continue` is 0, each request at least ``interval`` after the previous one started, all within
/// ``timeout``.
struct AvailabilityPoller: Sendable {
    /// The polite gap between requests, in seconds.
    static let politeInterval: Double = 2

    /// How a search ended.
    enum Outcome: Equatable, Sendable {
        /// `continue` was 0: every system answered.
        case finished
        /// The time ran out with the search still running.
        case timedOut(seconds: Double)
    }

    let service: any AvailabilityService
    let clock: any PollingClock
    /// Seconds for the whole search.
    let timeout: Double
    /// Seconds between request starts.
    var interval: Double = AvailabilityPoller.politeInterval

    /// Runs the search, handing each answer to `onAnswer` as it arrives.
    ///
    /// No request is made once the task is cancelled; an answer that arrives as it is cancelled is
    /// still handed to `onAnswer`.
    ///
    /// - Throws: ``CalilError`` when a request fails; `CancellationError` when cancelled.
    func run(
        isbns: [ISBN], systemIDs: [String], onAnswer: @Sendable (AvailabilityAnswer) -> Void
    ) async throws -> Outcome {
        let deadline = clock.now() + timeout
        try Task.checkCancellation()
        var lastRequest = clock.now()
        var answer = try await service.check(isbns: isbns, systemIDs: systemIDs, timeout: timeout)
        // An answer that arrived is handed over even when the search was stopped meanwhile.
        onAnswer(answer)
        try Task.checkCancellation()
        while answer.continues {
            guard let session = answer.session else {
                throw CalilError(
                    .unexpectedAvailabilityBody(
                        detail: "\"continue\" is 1 but there is no session to poll with"))
            }
            let next = lastRequest + interval
            if next >= deadline { return .timedOut(seconds: timeout) }
            let wait = next - clock.now()
            if wait > 0 { try await clock.sleep(seconds: wait) }
            try Task.checkCancellation()
            lastRequest = clock.now()
            let remaining = deadline - lastRequest
            guard remaining > 0 else { return .timedOut(seconds: timeout) }
            do {
                answer = try await service.poll(session: session, timeout: remaining)
            } catch let error as CalilError {
                if case .timedOut = error.kind, clock.now() >= deadline - 0.05 {
                    return .timedOut(seconds: timeout)
                }
                throw error
            }
            onAnswer(answer)
            try Task.checkCancellation()
        }
        return .finished
    }
}
