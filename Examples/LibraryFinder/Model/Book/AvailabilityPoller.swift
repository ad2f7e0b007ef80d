import Foundation
import ReSwiftThunk

/// Runs one `/check` search to its end: the first request, then polls with the session until
/// `continue` is 0, each request at least ``interval`` after the previous one started, all within
/// ``timeout``.
package struct AvailabilityPoller: Sendable {
    /// The polite gap between requests, in seconds.
    package static let politeInterval: Double = 2

    /// How a search ended.
    package enum Outcome: Equatable, Sendable {
        /// `continue` was 0: every system answered.
        case finished
        /// The time ran out with the search still running.
        case timedOut(seconds: Double)
    }

    package let service: any AvailabilityService
    /// The clock the gaps are waited on; `nil` for the store's: ``EffectEnvironment/clock``, the
    /// thunk middleware's clock when the poller runs in a thunk (a `TestClock` in tests, which
    /// then advance it instead of waiting).
    package var clock: (any EffectClock)?
    /// Seconds for the whole search.
    package let timeout: Double
    /// Seconds between request starts.
    package var interval: Double = AvailabilityPoller.politeInterval

    /// Creates a poller.
    ///
    /// - Parameters:
    ///   - service: The `/check` API (or a fake).
    ///   - clock: The clock to wait on; `nil` for the store's (see ``clock``).
    ///   - timeout: Seconds for the whole search.
    ///   - interval: Seconds between request starts.
    package init(
        service: any AvailabilityService, clock: (any EffectClock)? = nil, timeout: Double,
        interval: Double = AvailabilityPoller.politeInterval
    ) {
        self.service = service
        self.clock = clock
        self.timeout = timeout
        self.interval = interval
    }

    /// Runs the search, handing each answer to `onAnswer` as it arrives.
    ///
    /// No request is made once the task is cancelled; an answer that arrives as it is cancelled is
    /// still handed to `onAnswer`.
    ///
    /// - Throws: ``CalilError`` when a request fails; `CancellationError` when cancelled.
    package func run(
        isbns: [ISBN], systemIDs: [String], onAnswer: @Sendable (AvailabilityAnswer) -> Void
    ) async throws -> Outcome {
        let clock = self.clock ?? EffectEnvironment.clock
        let deadline = clock.now + .seconds(timeout)
        try Task.checkCancellation()
        var lastRequest = clock.now
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
            let next = lastRequest + .seconds(interval)
            if next >= deadline { return .timedOut(seconds: timeout) }
            // hazard-check: ok because this is EffectClock's sleep(until:) on its own instants (nanoseconds), which needs no macOS 13
            try await clock.sleep(until: next)
            try Task.checkCancellation()
            lastRequest = clock.now
            guard lastRequest < deadline else { return .timedOut(seconds: timeout) }
            let remaining = Double((deadline - lastRequest).nanoseconds) / 1e9
            do {
                answer = try await service.poll(session: session, timeout: remaining)
            } catch let error as CalilError {
                if case .timedOut = error.kind, clock.now + .milliseconds(50) >= deadline {
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
