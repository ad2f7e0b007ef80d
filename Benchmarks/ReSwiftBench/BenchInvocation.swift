import ArgumentParsing

/// What `reswift-bench`'s command line asks for: the parsed command line, which ``BenchCommand``
/// runs.
enum BenchInvocation: Equatable {
    /// Print the help.
    case help
    /// Print the version.
    case version
    /// Run the workloads named in `only` (all when empty) with `configuration`'s samples,
    /// printing a table or, with `json`, a JSON array (see JSONOutput.swift).
    case run(samples: Int, only: [String], json: Bool)
}

/// Reading `reswift-bench`'s command line with the package's one grammar.
extension BenchInvocation {
    /// The workloads, in the order they run.
    static let workloadNames = [
        "notify", "closures", "select", "dispatch", "dispatch-profiled", "subscribe", "memory", "derived",
        "bigstate", "listeners", "waiting", "query",
    ]
    /// Samples `--samples` accepts.
    static let samplesRange: ClosedRange<Int> = 1...1000

    /// The options and help of `reswift-bench`.
    static let declaration = CommandDeclaration(
        name: "reswift-bench",
        summary: "the store's performance beside hand-written floors",
        discussion: """
            Runs each workload against the store and against a hand-written floor (the same work
            with no store), and prints the time per operation, the floor, and their ratio.
            Build it in release mode: swift run -c release reswift-bench
            """,
        options: [
            .flag(
                "--quick",
                help: "A short run: \(BenchmarkConfiguration.quick.samples) samples per measurement\n"
                    + "(CI uses it so the benchmark can't rot)"),
            .value(
                "--samples", placeholder: "N",
                help: "Samples per measurement, \(NumberParsing.describe(samplesRange))\n"
                    + "(default: \(BenchmarkConfiguration.full.samples); the fastest is reported)"),
            .flag(
                "--json",
                help: "Print JSON objects {\"workload\", \"store_ns\", \"floor_ns\", \"ratio\"}\n"
                    + "instead of the table, for scripts that compare runs"),
            .value(
                "--only", placeholder: "NAME", repeatable: true,
                help: "Run only this workload (for profiling):\n"
                    + workloadNames.prefix(5).joined(separator: ", ") + ",\n"
                    + workloadNames.dropFirst(5).joined(separator: ", ")),
        ],
        failureMeaning: "not used (a workload that goes wrong stops with a crash report)")

    /// Reads the arguments (without the program name). A pure function (no I/O, no exit).
    ///
    /// - Throws: ``UsageError`` naming the bad option or value.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchInvocation {
        let parsed = try ArgumentParser.parse(arguments, for: declaration)
        switch parsed.request {
        case .help: return .help
        case .version: return .version
        case .run: break
        }
        if parsed.contains("--quick"), parsed.contains("--samples") {
            throw UsageError("--quick and --samples can't be combined; --quick means --samples 3")
        }
        var samples =
            parsed.contains("--quick")
            ? BenchmarkConfiguration.quick.samples : BenchmarkConfiguration.full.samples
        if let text = parsed.value("--samples") {
            samples = try NumberParsing.integer(text, for: "--samples", in: samplesRange)
        }
        let only = parsed.allValues("--only")
        for name in only where !workloadNames.contains(name) {
            throw UsageError.unknownChoice(name, for: "--only", kind: "workload", choices: workloadNames)
        }
        return .run(samples: samples, only: only, json: parsed.contains("--json"))
    }
}
