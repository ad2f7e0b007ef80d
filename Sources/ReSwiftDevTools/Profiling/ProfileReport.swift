import Foundation

/// What a ``DispatchProfiler`` measured: counts and percentiles per action type and per
/// subscriber type, and the dispatches that went over the budget.
///
/// Print ``table`` for people and ``json(pretty:)`` for tools:
///
/// ```text
/// ReSwift profile: 57 dispatches, 1 over the 16.0 ms budget
///
/// action             count      p50      p99      max    total  reducer p99
/// FlipCard              40  41.2 µs   188 µs   190 µs  2.31 ms      3.10 µs
///
/// subscriber         calls      p50      p99      max    total
/// GameView              57  36.1 µs   181 µs   184 µs  2.58 ms
/// ```
public struct ProfileReport: Codable, Equatable, Sendable {
    /// Count, percentiles and total of a set of durations, in nanoseconds.
    ///
    /// Percentiles come from log-scale buckets and are within about 3% of the true value;
    /// `count`, `max` and `total` are exact.
    public struct Timing: Codable, Equatable, Sendable {
        /// How many durations there were.
        public var count: UInt64
        /// The median.
        public var p50Nanoseconds: UInt64
        /// The 99th percentile.
        public var p99Nanoseconds: UInt64
        /// The longest.
        public var maxNanoseconds: UInt64
        /// All of them added up.
        public var totalNanoseconds: UInt64

        init(_ histogram: LatencyHistogram) {
            count = histogram.count
            p50Nanoseconds = histogram.percentile(0.5)
            p99Nanoseconds = histogram.percentile(0.99)
            maxNanoseconds = histogram.max
            totalNanoseconds = histogram.sum
        }
    }

    /// The dispatches of one action type.
    public struct ActionProfile: Codable, Equatable, Sendable {
        /// The action type's name.
        public var name: String
        /// Each dispatch's own time: middleware, reducer and subscribers.
        public var dispatch: Timing
        /// The time in middleware.
        public var middleware: Timing
        /// The time in the reducer, for the dispatches that reached it (`nil` if none did).
        public var reducer: Timing?
        /// The time in all subscribers together, per dispatch that reached the reducer.
        public var subscribers: Timing?
    }

    /// The calls of one subscriber type.
    public struct SubscriberProfile: Codable, Equatable, Sendable {
        /// The subscriber type's name.
        public var name: String
        /// The time of each call.
        public var timing: Timing
    }

    /// The budget a dispatch was measured against.
    public var budgetNanoseconds: UInt64

    /// The number of dispatches measured.
    public var dispatchCount: UInt64

    /// The number of dispatches over the budget.
    public var overBudgetCount: UInt64

    /// Per action type, the most total time first.
    public var actions: [ActionProfile]

    /// Per subscriber type, the most total time first.
    public var subscribers: [SubscriberProfile]

    /// The most recent dispatches over the budget, oldest first.
    public var recentWarnings: [BudgetWarning]

    /// The report as JSON (keys sorted, times in nanoseconds).
    ///
    /// - Parameter pretty: Whether to indent it.
    /// - Returns: The JSON text.
    public func json(pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        // Every field is a string, an integer or an array of those: encoding cannot fail.
        guard let data = try? encoder.encode(self) else {
            preconditionFailure("Internal inconsistency: a ProfileReport did not encode")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The report as text tables: a summary line, then actions, subscribers and the most recent
    /// warnings (only the summary when nothing was measured).
    public var table: String {
        var lines = [
            "ReSwift profile: \(dispatchCount) dispatch\(dispatchCount == 1 ? "" : "es"), "
                + "\(overBudgetCount) over the \(DurationText.format(budgetNanoseconds)) budget"
        ]
        guard !actions.isEmpty else { return lines[0] }
        let timingHeaders = ["p50", "p99", "max", "total"]
        lines.append("")
        lines += Self.layout(
            header: ["action", "count"] + timingHeaders + ["reducer p99"],
            rows: actions.map { action in
                [action.name] + Self.cells(action.dispatch)
                    + [action.reducer.map { DurationText.format($0.p99Nanoseconds) } ?? "-"]
            })
        if !subscribers.isEmpty {
            lines.append("")
            lines += Self.layout(
                header: ["subscriber", "calls"] + timingHeaders,
                rows: subscribers.map { [$0.name] + Self.cells($0.timing) })
        }
        if !recentWarnings.isEmpty {
            lines.append("")
            let shown = recentWarnings.count
            lines.append(
                shown == overBudgetCount
                    ? "over budget:" : "over budget (the last \(shown) of \(overBudgetCount)):")
            lines += recentWarnings.map { "  " + $0.description }
        }
        return lines.joined(separator: "\n")
    }

    /// The count, p50, p99, max and total of a timing, as table cells.
    private static func cells(_ timing: Timing) -> [String] {
        [
            String(timing.count), DurationText.format(timing.p50Nanoseconds),
            DurationText.format(timing.p99Nanoseconds), DurationText.format(timing.maxNanoseconds),
            DurationText.format(timing.totalNanoseconds),
        ]
    }

    /// Aligns a table: the first column left, the others right, two spaces apart. Names longer
    /// than 48 characters are cut with an ellipsis.
    private static func layout(header: [String], rows: [[String]]) -> [String] {
        let maxNameLength = 48
        let rows = rows.map { row in
            [row[0].count > maxNameLength ? row[0].prefix(maxNameLength - 1) + "…" : row[0]] + row.dropFirst()
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return column == 0 ? row[column] + padding : padding + row[column]
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }
}
