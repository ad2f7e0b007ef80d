/// A length of time for effects: a debounce or throttle interval, a listener's delay, how far a
/// ``TestClock`` advances. Counted in nanoseconds, so it works on every platform the package
/// supports (Swift's `Duration` needs macOS 13 / iOS 16; ``init(_:)`` converts one).
///
/// ```swift
/// AsyncThunk<AppState, Void>(id: "search", debounce: .milliseconds(300)) { dispatch, getState in … }
/// await store.advance(by: .milliseconds(300))
/// ```
///
/// A duration made from a `Double` that is not a number or infinite is kept as such, and an
/// effect handed it (or a negative duration) reports a ``ThunkMisuse`` instead of waiting
/// forever.
public struct EffectDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Why a duration made from a `Double` is no length of time.
    enum Problem: String, Sendable, Hashable {
        /// It was made from `Double.nan`.
        case notANumber = "nan"
        /// It was made from an infinite `Double`.
        case infinite = "inf"
    }

    /// The length in nanoseconds; negative for a negative duration. 0 when ``isValidInterval``
    /// is `false` because it was made from a NaN or an infinite `Double`.
    public let nanoseconds: Int64
    let problem: Problem?

    private init(nanoseconds: Int64, problem: Problem? = nil) {
        self.nanoseconds = nanoseconds
        self.problem = problem
    }

    /// No time at all.
    public static let zero = EffectDuration(nanoseconds: 0)

    /// A duration of `value` nanoseconds.
    ///
    /// - Parameter value: The nanoseconds.
    /// - Returns: The duration.
    public static func nanoseconds(_ value: Int64) -> EffectDuration {
        EffectDuration(nanoseconds: value)
    }

    /// A duration of `value` microseconds (saturating at about ±292 years).
    ///
    /// - Parameter value: The microseconds.
    /// - Returns: The duration.
    public static func microseconds(_ value: Int) -> EffectDuration {
        EffectDuration(nanoseconds: scaled(value, by: 1000))
    }

    /// A duration of `value` milliseconds (saturating at about ±292 years).
    ///
    /// - Parameter value: The milliseconds.
    /// - Returns: The duration.
    public static func milliseconds(_ value: Int) -> EffectDuration {
        EffectDuration(nanoseconds: scaled(value, by: 1_000_000))
    }

    /// A duration of `value` seconds (saturating at about ±292 years).
    ///
    /// - Parameter value: The seconds.
    /// - Returns: The duration.
    public static func seconds(_ value: Int) -> EffectDuration {
        EffectDuration(nanoseconds: scaled(value, by: 1_000_000_000))
    }

    /// A duration of `value` seconds, to the nearest nanosecond (saturating at about ±292
    /// years). A NaN or infinite `value` makes a duration that effects refuse as a misuse.
    ///
    /// - Parameter value: The seconds.
    /// - Returns: The duration.
    public static func seconds(_ value: Double) -> EffectDuration {
        if value.isNaN { return EffectDuration(nanoseconds: 0, problem: .notANumber) }
        if value.isInfinite { return EffectDuration(nanoseconds: 0, problem: .infinite) }
        let nanoseconds = (value * 1e9).rounded()
        if nanoseconds >= 9.2e18 { return EffectDuration(nanoseconds: .max) }
        if nanoseconds <= -9.2e18 { return EffectDuration(nanoseconds: .min) }
        return EffectDuration(nanoseconds: Int64(nanoseconds))
    }

    /// Converts a Swift `Duration`, to the nearest nanosecond below (saturating).
    ///
    /// - Parameter duration: The duration.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let whole = Self.scaled(Int(clamping: seconds), by: 1_000_000_000)
        let (sum, overflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self.init(nanoseconds: overflow ? (seconds < 0 ? .min : .max) : sum)
    }

    /// Whether this is a length of time an effect can wait: neither negative nor made from a NaN
    /// or infinite `Double`.
    public var isValidInterval: Bool { problem == nil && nanoseconds >= 0 }

    /// Why this is no interval an effect can wait, or `nil` if it is one.
    var intervalProblem: String? {
        switch problem {
        case .notANumber: return "is not a number (it was made from Double.nan)"
        case .infinite: return "is infinite"
        case nil: return nanoseconds < 0 ? "is negative (\(self))" : nil
        }
    }

    /// The duration in a unit that reads well: `300 ms`, `1.5 s`, `250 ns`.
    public var description: String {
        if let problem { return problem.rawValue }
        let (sign, magnitude) = (nanoseconds < 0 ? "-" : "", nanoseconds.magnitude)
        if magnitude >= 1_000_000_000 && magnitude % 1_000_000 == 0 {
            // Up to three decimals, without trailing zeros.
            var decimals = String(String(1000 + magnitude / 1_000_000 % 1000).dropFirst())
            while decimals.hasSuffix("0") { decimals.removeLast() }
            return "\(sign)\(magnitude / 1_000_000_000)\(decimals.isEmpty ? "" : "." + decimals) s"
        }
        if magnitude >= 1_000_000 && magnitude % 1_000_000 == 0 {
            return "\(sign)\(magnitude / 1_000_000) ms"
        }
        if magnitude >= 1000 && magnitude % 1000 == 0 { return "\(sign)\(magnitude / 1000) µs" }
        return "\(sign)\(magnitude) ns"
    }

    public static func < (lhs: EffectDuration, rhs: EffectDuration) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The sum, saturating.
    public static func + (lhs: EffectDuration, rhs: EffectDuration) -> EffectDuration {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        return EffectDuration(
            nanoseconds: overflow ? (rhs.nanoseconds < 0 ? .min : .max) : sum,
            problem: lhs.problem ?? rhs.problem)
    }

    /// `value` × `factor` nanoseconds, saturating.
    private static func scaled(_ value: Int, by factor: Int64) -> Int64 {
        let (product, overflow) = Int64(clamping: value).multipliedReportingOverflow(by: factor)
        return overflow ? (value < 0 ? .min : .max) : product
    }
}

/// A point in time on an ``EffectClock``: nanoseconds since the clock's own start.
public struct EffectInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since the clock's start.
    public let nanoseconds: Int64

    /// The instant `nanoseconds` after the clock's start.
    ///
    /// - Parameter nanoseconds: Nanoseconds since the clock's start.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The instant `duration` later (saturating).
    public static func + (instant: EffectInstant, duration: EffectDuration) -> EffectInstant {
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(duration.nanoseconds)
        return EffectInstant(nanoseconds: overflow ? (duration.nanoseconds < 0 ? .min : .max) : sum)
    }

    /// The time from `rhs` to `lhs` (saturating).
    public static func - (lhs: EffectInstant, rhs: EffectInstant) -> EffectDuration {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        return .nanoseconds(overflow ? (rhs.nanoseconds < 0 ? .max : .min) : difference)
    }

    public static func < (lhs: EffectInstant, rhs: EffectInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The time since the clock's start, e.g. `+300 ms`.
    public var description: String { "+\(EffectDuration.nanoseconds(nanoseconds))" }
}
