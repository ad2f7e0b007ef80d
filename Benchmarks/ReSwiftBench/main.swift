// reswift-bench: the store's performance beside hand-written floors.
//
//   swift run -c release reswift-bench           full run
//   swift run -c release reswift-bench --quick   a short run (CI uses it so the benchmark can't rot)
//   swift run -c release reswift-bench --json    the results as JSON, for scripts

import ArgumentParsing
import Foundation
import ReSwift
import TerminalUI

// Everything is written through ProgramOutput: messages sanitized, a failed write exit status 1.
ProgramOutput.start(program: "reswift-bench")
LibraryOutput.route { ProgramOutput.error($0) }
let command: BenchCommand
do {
    command = try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    // The message quotes what was typed: ProgramOutput shows control characters as placeholders.
    ProgramOutput.error(error.report(for: BenchCommandLine.declaration))
    ProgramOutput.exit(ExitStatus.usage)
}
switch command {
case .help:
    ProgramOutput.output(HelpFormatter.help(for: BenchCommandLine.declaration))
case .version:
    ProgramOutput.output(PackageVersion.line(for: BenchCommandLine.declaration.name) + "\n")
case .run(let samples, let only, let json):
    let configuration = BenchmarkConfiguration(samples: samples, scale: 1)
    let workloads: [(name: String, run: (BenchmarkConfiguration) -> [Row])] = [
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
    ]
    var rows: [Row] = []
    for workload in workloads where only.isEmpty || only.contains(workload.name) {
        rows += workload.run(configuration)
    }
    // `--json`: see JSONOutput.swift.
    if json { ProgramOutput.output(jsonReport(rows) + "\n") } else { printTable(rows) }
}
ProgramOutput.exit(ExitStatus.success)
