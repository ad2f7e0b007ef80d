import TestSupport
import Testing

@testable import ReSwiftBench

/// A debug `reswift-bench` (the one the tests build) says so after its table, with how many rows
/// miss their targets for it, instead of printing numbers 5× off a target without a word.
@Suite(.timeLimit(.minutes(3))) struct BenchDebugBuildTests {
    @Test func aDebugBuildSaysSoAndHowToMeasure() throws {
        let run = try runProduct(
            "reswift-bench", arguments: ["--only", "dispatch", "--samples", "1"], timeout: 40)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("| workload"))
        #expect(run.standardError.hasPrefix("reswift-bench: this is a debug build"), "\(run.standardError)")
        #expect(run.standardError.hasSuffix("Measure with: swift run -c release reswift-bench\n"))
    }

    @Test func rowsMissTheirTargetsByRatioOrByMeasure() {
        func row(_ measured: Double, floor: Double? = nil, unit: String = "ns", _ target: String) -> Row {
            Row(workload: "w", unit: unit, measured: measured, floor: floor, floorName: "f", target: target)
        }
        #expect(row(5, floor: 1, "≤ 2.5×").missesTarget == true)
        #expect(row(2, floor: 1, "≤ 2.5×").missesTarget == false)
        #expect(row(301, "≤ 300 ns").missesTarget == true)
        #expect(row(299, "≤ 300 ns").missesTarget == false)
        #expect(row(2, unit: "µs", "≤ 1500 ns").missesTarget == true)
        #expect(row(900, "≤ 1 µs").missesTarget == false)
        #expect(row(11, unit: "ms/s", "≤ 10 ms/s").missesTarget == true)
        #expect(row(1, "info").missesTarget == nil)
    }

    @Test func theNoteCountsTheMissedRowsAndAReleaseBuildSaysNothing() {
        let rows = [
            Row(workload: "a", unit: "ns", measured: 5, floor: 1, floorName: "f", target: "≤ 2.5×"),
            Row(workload: "b", unit: "ns", measured: 1, floor: 1, floorName: "f", target: "≤ 2.5×"),
        ]
        #expect(debugBuildNote(for: rows, isDebugBuild: false) == nil)
        #expect(
            debugBuildNote(for: rows, isDebugBuild: true)
                == "reswift-bench: this is a debug build, which is why 1 of 2 rows misses its target; its numbers "
                + "are no measure of the package. Measure with: swift run -c release reswift-bench\n")
    }
}
