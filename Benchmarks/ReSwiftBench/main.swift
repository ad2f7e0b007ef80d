// reswift-bench: the store's performance beside hand-written floors.
//
//   swift run -c release reswift-bench           full run
//   swift run -c release reswift-bench --quick   a short run (CI uses it so the benchmark can't rot)
//   swift run -c release reswift-bench --json    the results as JSON, for scripts

import ArgumentParsing
import Foundation
import TerminalUI

let command: BenchCommand
do {
    command = try BenchCommandLine.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    // The message quotes what was typed: control characters are shown as placeholders.
    let report = TerminalText.sanitized(error.report(for: BenchCommandLine.declaration), layout: .multiline)
    FileHandle.standardError.write(Data(report.utf8))
    exit(ExitStatus.usage)
}
switch command {
case .help:
    print(HelpFormatter.help(for: BenchCommandLine.declaration), terminator: "")
case .version:
    print(PackageVersion.line(for: BenchCommandLine.declaration.name))
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
    if json { print(jsonReport(rows)) } else { printTable(rows) }
}
