import ArgumentParsing
import Foundation
import ReSwift
import TerminalUI

/// The `reswift-bench` program: reads the command line (``BenchInvocation``), runs the chosen
/// workloads and prints their rows.
enum BenchCommand {
    /// Runs `reswift-bench` with the arguments after the program name.
    ///
    /// - Returns: The exit status: 0 done, 2 a usage error.
    @MainActor
    static func run(arguments: [String]) async -> Int32 {
        let invocation: BenchInvocation
        do {
            invocation = try BenchInvocation.parse(arguments)
        } catch {
            // The message quotes what was typed: ProgramOutput shows control characters as placeholders.
            ProgramOutput.error(error.report(for: BenchInvocation.declaration))
            return ExitStatus.usage
        }
        switch invocation {
        case .help:
            ProgramOutput.output(HelpFormatter.help(for: BenchInvocation.declaration))
        case .version:
            ProgramOutput.output(PackageVersion.line(for: BenchInvocation.declaration.name) + "\n")
        case .run(let samples, let only, let json):
            let configuration = BenchmarkConfiguration(samples: samples, scale: 1)
            let workloads: [(name: String, run: @MainActor (BenchmarkConfiguration) async -> [Row])] = [
                ("notify", notifyWorkload),
                ("closures", closureNotifyWorkload),
                ("select", selectWorkload),
                ("dispatch", dispatchWorkload),
                ("dispatch-profiled", profiledDispatchWorkload),
                ("subscribe", subscribeWorkload),
                ("memory", memoryWorkload),
                ("derived", derivedWorkload),
                ("bigstate", bigStateWorkload),
                ("listeners", listenersWorkload),
                ("waiting", waitingWorkload),
                ("query", queryWorkload),
            ]
            var rows: [Row] = []
            for workload in workloads where only.isEmpty || only.contains(workload.name) {
                rows += await workload.run(configuration)
            }
            // `--json`: see JSONOutput.swift.
            if json { ProgramOutput.output(jsonReport(rows) + "\n") } else { printTable(rows) }
            if let note = debugBuildNote(for: rows, isDebugBuild: isDebugBuild) { ProgramOutput.error(note) }
        }
        return ExitStatus.success
    }
}
