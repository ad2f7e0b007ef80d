import Dispatch

/// The moment the time a request was given (`--timeout`) runs out: fetching the answer, decoding
/// it and scrubbing it all count, so a huge or slow-to-read answer ends in the same timeout
/// error as a silent server.
///
/// The work looks at the clock between batches (``checkInterval`` libraries, a few thousand JSON
/// values, a megabyte of a string), never before the first: a small answer is always finished,
/// however long the wait for it was, and a large one stops within a batch of the deadline.
package struct AnswerDeadline: Sendable {
    /// How many entries of a list are worked on between two looks at the clock.
    package static let checkInterval = 256

    /// `DispatchTime` uptime nanoseconds.
    private let end: UInt64
    /// What ``check()`` throws once the time is up.
    private let expired: CalilError

    /// The deadline `seconds` from now (never earlier than now).
    ///
    /// - Parameters:
    ///   - seconds: The time given.
    ///   - expired: The error to throw when it has run out.
    package init(seconds: Double, expired: CalilError) {
        let nanoseconds = UInt64(min(max(seconds, 0), 1e9) * 1e9)
        end = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
        self.expired = expired
    }

    /// Throws the deadline's error when the time is up.
    package func check() throws(CalilError) {
        if DispatchTime.now().uptimeNanoseconds >= end { throw expired }
    }
}
