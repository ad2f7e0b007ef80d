import Foundation
import ReSwiftThunk

/// When an answer was fetched: the instant on the store's effect clock (for freshness) and the
/// date on the wall clock (to tell the user how old it is, and to persist).
public struct QueryTimestamp: Sendable, Hashable, Codable {
    /// Nanoseconds on the store's effect clock; `nil` for an answer restored from a previous run,
    /// whose clock is gone (such an answer is never fresh).
    public var clockNanoseconds: Int64?
    /// The wall-clock date.
    public var date: Date

    /// Creates a timestamp.
    ///
    /// - Parameters:
    ///   - instant: The instant on the store's effect clock; `nil` for a restored answer.
    ///   - date: The wall-clock date.
    public init(instant: EffectInstant?, date: Date) {
        self.clockNanoseconds = instant?.nanoseconds
        self.date = date
    }

    /// The instant on the store's effect clock; `nil` for a restored answer.
    public var instant: EffectInstant? {
        clockNanoseconds.map(EffectInstant.init(nanoseconds:))
    }
}
