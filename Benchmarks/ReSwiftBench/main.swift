// reswift-bench: the store's performance beside hand-written floors.
//
//   swift run -c release reswift-bench           full run
//   swift run -c release reswift-bench --quick   a short run (CI uses it so the benchmark can't rot)
//   swift run -c release reswift-bench --json    the results as JSON, for scripts

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        usage: reswift-bench [--quick] [--json] [--only notify|closures|select|dispatch|subscribe|memory]

        Runs each workload against the store and against a hand-written floor (the same work
        with no store), and prints the time per operation, the floor, and their ratio: as a
        table, or with --json as an array of {"workload", "store_ns", "floor_ns", "ratio"}.
        """)
} else {
    let configuration: BenchmarkConfiguration = arguments.contains("--quick") ? .quick : .full
    let workloads: [(name: String, run: (BenchmarkConfiguration) -> [Row])] = [
        ("notify", notifyWorkload),
        ("closures", closureNotifyWorkload),
        ("select", selectWorkload),
        ("dispatch", dispatchWorkload),
        ("subscribe", subscribeWorkload),
        ("memory", memoryWorkload),
    ]
    // `--only NAME` runs one workload (for profiling).
    var only: String?
    if let index = arguments.firstIndex(of: "--only"), arguments.index(after: index) < arguments.endIndex {
        only = arguments[arguments.index(after: index)]
    }
    var rows: [Row] = []
    for workload in workloads where only == nil || only == workload.name {
        rows += workload.run(configuration)
    }
    // `--json`: see JSONOutput.swift.
    if arguments.contains("--json") { print(jsonReport(rows)) } else { printTable(rows) }
}
