import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// A ready ``StoreInstrumentation``: counts and percentiles of what each action type and each
/// subscriber type cost, and a warning for each dispatch over a time budget.
///
/// ```swift
/// let profiler = DispatchProfiler()
/// store.instrumentation = profiler
/// // … run the app …
/// print(profiler.report().table)
/// ```
///
/// Memory stays bounded however long the app runs: each subscriber type keeps a log-scale
/// histogram, each action type four (whole dispatch, middleware, reducer, subscribers), each of
/// at most about 11 KB (under 5 KB while every duration is below a millisecond), and only the
/// most recent warnings are kept.
/// A profiler may serve several stores and be called from any thread.
public final class DispatchProfiler: StoreInstrumentation, Sendable {

    /// One frame at 60 Hz, rounded down: 16 ms.
    public static let defaultBudgetNanoseconds: UInt64 = 16_000_000

    /// The environment variable that ``fromEnvironment(_:)`` looks at.
    public static let environmentVariable = "RESWIFT_PROFILE"

    /// A dispatch whose own time (middleware, reducer, subscribers) is above this gets a
    /// ``BudgetWarning``.
    public let budgetNanoseconds: UInt64

    /// How many of the latest warnings the report keeps.
    public let keptWarningCount: Int

    private let budgetWarningHandler: (@Sendable (BudgetWarning) -> Void)?
    /// What was measured; lives inside its lock. (The lock's value skips the dynamic exclusivity
    /// checks, which would cost more than the rest of recording a dispatch.)
    private let profile = Locked(Profile())

    /// What the profiler measured so far.
    private struct Profile {
        var dispatchCount: UInt64 = 0
        var overBudgetCount: UInt64 = 0
        /// The statistics of each action type, in the order first seen, found through
        /// `actionIndices` (and `lastAction` for a run of one type, which needs no hashing).
        var actions: [ActionStatistics] = []
        var actionIndices: [ObjectIdentifier: Int] = [:]
        var lastAction: (type: ObjectIdentifier, index: Int)?
        var subscribers: [SubscriberKind: LatencyHistogram] = [:]
        /// The latest warnings, oldest first, at most the profiler's `keptWarningCount`.
        var warnings: [BudgetWarning] = []

        /// The position of an action type's statistics in `actions`, added if new.
        @inline(__always)
        mutating func index(of actionType: Any.Type) -> Int {
            let type = ObjectIdentifier(actionType)
            if let last = lastAction, last.type == type { return last.index }
            let index: Int
            if let known = actionIndices[type] {
                index = known
            } else {
                index = actions.count
                actions.append(ActionStatistics(type: actionType))
                actionIndices[type] = index
            }
            lastAction = (type, index)
            return index
        }
    }

    /// What the profiler keeps about one action type.
    private struct ActionStatistics {
        var type: Any.Type
        var dispatch = LatencyHistogram()
        var middleware = LatencyHistogram()
        var reducer = LatencyHistogram()
        var subscribers = LatencyHistogram()
    }

    /// Creates a profiler.
    ///
    /// - Parameters:
    ///   - budgetNanoseconds: The time a dispatch may take before it is reported; one 60 Hz
    ///     frame (16 ms) by default.
    ///   - keptWarningCount: How many of the latest warnings ``report()`` includes; 20 by default.
    ///   - budgetWarningHandler: Called with each warning, on the dispatching thread, as it happens;
    ///     by default warnings are only kept for the report (printing in the middle of a terminal
    ///     app would scramble its screen).
    public init(
        budgetNanoseconds: UInt64 = DispatchProfiler.defaultBudgetNanoseconds,
        keptWarningCount: Int = 20,
        budgetWarningHandler: (@Sendable (BudgetWarning) -> Void)? = nil
    ) {
        self.budgetNanoseconds = budgetNanoseconds
        self.keptWarningCount = max(0, keptWarningCount)
        self.budgetWarningHandler = budgetWarningHandler
    }

    /// The former spelling of ``init(budgetNanoseconds:keptWarningCount:budgetWarningHandler:)``,
    /// before the package's hooks were all named `…Handler`.
    @available(*, deprecated, renamed: "init(budgetNanoseconds:keptWarningCount:budgetWarningHandler:)")
    public convenience init(
        budgetNanoseconds: UInt64 = DispatchProfiler.defaultBudgetNanoseconds,
        keptWarningCount: Int = 20,
        onBudgetExceeded: @escaping @Sendable (BudgetWarning) -> Void
    ) {
        self.init(
            budgetNanoseconds: budgetNanoseconds, keptWarningCount: keptWarningCount,
            budgetWarningHandler: onBudgetExceeded)
    }

    /// A profiler when the environment asks for one (`RESWIFT_PROFILE=1`), otherwise `nil`.
    ///
    /// ```swift
    /// let profiler = DispatchProfiler.fromEnvironment()
    /// store.instrumentation = profiler
    /// defer { if let profiler { profiler.printReport() } }
    /// ```
    ///
    /// - Parameter environment: The environment; the process's by default.
    /// - Returns: A profiler with the default budget, or `nil`.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> DispatchProfiler? {
        environment[environmentVariable] == "1" ? DispatchProfiler() : nil
    }

    /// Adds one dispatch to the profile; the store calls it.
    ///
    /// - Parameter measurement: The dispatch.
    public func storeDidDispatch(_ measurement: DispatchMeasurement) {
        let total = measurement.totalNanoseconds
        let warning =
            total > budgetNanoseconds
            ? BudgetWarning(measurement: measurement, budgetNanoseconds: budgetNanoseconds) : nil
        profile.withLock { profile in
            profile.dispatchCount += 1
            // Updated in place: the histograms are not copied.
            let index = profile.index(of: measurement.actionType)
            Self.add(measurement, total: total, to: &profile.actions[index])
            for subscriber in measurement.subscribers {
                profile.subscribers[subscriber.subscriber, default: LatencyHistogram()].record(
                    subscriber.nanoseconds)
            }
            if let warning {
                profile.overBudgetCount += 1
                if keptWarningCount > 0 {
                    if profile.warnings.count == keptWarningCount { profile.warnings.removeFirst() }
                    profile.warnings.append(warning)
                }
            }
        }
        if let warning, let budgetWarningHandler {
            budgetWarningHandler(warning)
        }
    }

    /// Adds a measurement's times to its action type's statistics.
    @inline(__always)
    private static func add(
        _ measurement: DispatchMeasurement, total: UInt64, to statistics: inout ActionStatistics
    ) {
        statistics.dispatch.record(total)
        statistics.middleware.record(measurement.middlewareNanoseconds)
        if let reducer = measurement.reducerNanoseconds {
            statistics.reducer.record(reducer)
            // The rest of the total, rather than adding the subscribers up again.
            statistics.subscribers.record(total &- measurement.middlewareNanoseconds &- reducer)
        }
    }

    /// What was measured so far.
    ///
    /// - Returns: A snapshot; the profiler goes on counting.
    public func report() -> ProfileReport {
        profile.withLock { profile in
            let actionProfiles = profile.actions.map { statistics in
                ProfileReport.ActionProfile(
                    name: String(describing: statistics.type),
                    dispatch: .init(statistics.dispatch),
                    middleware: .init(statistics.middleware),
                    reducer: statistics.reducer.count > 0 ? .init(statistics.reducer) : nil,
                    subscribers: statistics.reducer.count > 0 ? .init(statistics.subscribers) : nil)
            }
            let subscriberProfiles = profile.subscribers.map { kind, histogram in
                ProfileReport.SubscriberProfile(name: kind.typeName, timing: .init(histogram))
            }
            return ProfileReport(
                budgetNanoseconds: budgetNanoseconds,
                dispatchCount: profile.dispatchCount,
                overBudgetCount: profile.overBudgetCount,
                actions: actionProfiles.sorted {
                    ($0.dispatch.totalNanoseconds, $1.name) > ($1.dispatch.totalNanoseconds, $0.name)
                },
                subscribers: subscriberProfiles.sorted {
                    ($0.timing.totalNanoseconds, $1.name) > ($1.timing.totalNanoseconds, $0.name)
                },
                recentWarnings: profile.warnings)
        }
    }

    /// Forgets everything measured so far.
    public func reset() {
        profile.withLock { $0 = Profile() }
    }

    /// Writes the report's table, followed by a newline, to a file handle.
    ///
    /// Call it after a terminal app restored the terminal, so the table lands in the scrollback.
    ///
    /// - Parameter handle: Where to write; standard error by default.
    public func printReport(to handle: FileHandle = .standardError) {
        try? handle.writeCompletely(Data((report().table + "\n").utf8))
    }
}
