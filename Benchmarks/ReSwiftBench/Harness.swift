import CMallocStats
import Dispatch
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long the benchmark runs each measurement.
struct BenchmarkConfiguration {
    /// Repetitions of each measurement; the fastest is reported.
    var samples: Int
    /// Scales the number of operations per sample.
    var scale: Int

    static let full = BenchmarkConfiguration(samples: 15, scale: 1)
    static let quick = BenchmarkConfiguration(samples: 3, scale: 1)
}

/// Prevents the optimizer from removing work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    _ = value
}

/// Measures `body`, which performs `operations` operations, and returns the fastest sample's
/// nanoseconds per operation: on a shared machine the fastest run is the one least disturbed by
/// other processes, for the store and the floor alike.
func measure(
    _ configuration: BenchmarkConfiguration, operations: Int, _ body: () -> Void
) -> Double {
    withoutActuallyEscaping(body) { body in
        measureInterleaved(configuration, operations: operations, [body])[0]
    }
}

/// Measures each of `bodies` (each performing `operations` operations) as ``measure(_:operations:_:)``
/// does, taking their samples in turn (one of each, then again), so that a store and its floor
/// meet the same disturbances of a shared machine and their ratio holds still from run to run.
func measureInterleaved(
    _ configuration: BenchmarkConfiguration, operations: Int, _ bodies: [() -> Void]
) -> [Double] {
    for body in bodies { body() }  // warm up
    var fastest = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<configuration.samples {
        for (index, body) in bodies.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let end = DispatchTime.now().uptimeNanoseconds
            fastest[index] = min(fastest[index], Double(end - start) / Double(operations))
        }
    }
    return fastest.map { $0 == .infinity ? 0 : $0 }
}

/// The bytes currently allocated by malloc, where the platform can tell.
func allocatedBytes() -> Int? {
    let bytes = cmallocstats_allocated_bytes()
    return bytes == 0 ? nil : Int(bytes)
}

/// One line of the results table.
struct Row {
    var workload: String
    var unit: String
    var measured: Double
    var floor: Double?
    var floorName: String
    var target: String
    /// The workload's name in `--json` output; `nil` for rows that are only informational.
    var key: String? = nil
    /// Whether the ratio to the floor means anything; not for a floor near zero (waiting's CPU),
    /// where the target is a bound on the measurement.
    var comparesByRatio = true

    var ratio: Double? { comparesByRatio ? floor.map { measured / max($0, 0.0001) } : nil }

    /// Whether the measurement misses the target (`≤ 2.5×` on the ratio, `≤ 300 ns` on the
    /// measurement); `nil` when the target is no bound (`info`) or can't be compared.
    var missesTarget: Bool? {
        let parts = target.split(separator: " ")
        guard parts.count >= 2, parts[0] == "≤" else { return nil }
        if parts.count == 2, parts[1].hasSuffix("×") {
            guard let bound = Double(parts[1].dropLast()), let ratio else { return nil }
            return ratio > bound
        }
        guard parts.count == 3, let bound = Double(parts[1]) else { return nil }
        let nanoseconds: [Substring: Double] = ["ns": 1, "µs": 1_000, "ms": 1_000_000]
        if parts[2] == Substring(unit) { return measured > bound }
        guard let targetScale = nanoseconds[parts[2]], let scale = nanoseconds[Substring(unit)] else {
            return nil
        }
        return measured * scale > bound * targetScale
    }
}

/// What to say after the results of a debug build, whose numbers measure the compiler's debug
/// code rather than the package: how many rows miss their targets, and how to measure; `nil`
/// for a release build.
///
/// - Parameters:
///   - rows: The rows printed.
///   - isDebugBuild: Whether this program is a debug build.
func debugBuildNote(for rows: [Row], isDebugBuild: Bool) -> String? {
    guard isDebugBuild else { return nil }
    let missed = rows.filter { $0.missesTarget == true }.count
    let misses =
        missed == 0
        ? ""
        : ", which is why \(missed) of \(rows.count) row\(rows.count == 1 ? "" : "s") "
            + (missed == 1 ? "misses its target" : "miss their targets")
    return "reswift-bench: this is a debug build\(misses); its numbers are no measure of the package. "
        + "Measure with: swift run -c release reswift-bench\n"
}

/// Whether this program was compiled without optimization (`swift run` without `-c release`).
var isDebugBuild: Bool {
    #if DEBUG
        true
    #else
        false
    #endif
}

func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(format1(value)) }
    return format2(value)
}

private func format1(_ value: Double) -> String {
    let scaled = Int((value * 10).rounded())
    return "\(scaled / 10).\(scaled % 10)"
}

private func format2(_ value: Double) -> String {
    let scaled = Int((value * 100).rounded())
    let fraction = scaled % 100
    return "\(scaled / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func printTable(_ rows: [Row]) {
    let header = ["workload", "store", "floor", "ratio", "target"]
    var lines: [[String]] = [header]
    for row in rows {
        lines.append([
            row.workload,
            "\(format(row.measured)) \(row.unit)",
            row.floor.map { "\(format($0)) \(row.unit) (\(row.floorName))" } ?? row.floorName,
            row.ratio.map { "\(format($0))×" } ?? "–",
            row.target,
        ])
    }
    var widths = [Int](repeating: 0, count: header.count)
    for line in lines {
        for (column, cell) in line.enumerated() {
            widths[column] = max(widths[column], cell.count)
        }
    }
    for (index, line) in lines.enumerated() {
        let cells = line.enumerated().map { column, cell in
            "| " + cell + String(repeating: " ", count: widths[column] - cell.count) + " "
        }
        ProgramOutput.output(cells.joined() + "|\n")
        if index == 0 {
            ProgramOutput.output(widths.map { "|" + String(repeating: "-", count: $0 + 2) }.joined() + "|\n")
        }
    }
}
