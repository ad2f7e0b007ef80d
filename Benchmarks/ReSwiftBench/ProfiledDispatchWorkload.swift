import ReSwift
import ReSwiftDevTools

// MARK: - dispatch-profiled

/// The `dispatch` workload with a `DispatchProfiler` attached, beside the same store without one:
/// what measuring every dispatch costs (≤ 3× the plain row; the first goal, 2×, was retired).
func profiledDispatchWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let dispatches = 200_000 * configuration.scale
    let passThrough: Middleware<BenchState> = { _, _ in
        { next in { action in next(action) } }
    }
    func makeStore() -> Store<BenchState> {
        Store(
            reducer: benchReducer, state: BenchState(), middleware: [passThrough, passThrough, passThrough])
    }

    let plain = makeStore()
    let floor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { plain.dispatch(Bump()) }
    }

    let profiler = DispatchProfiler()
    ReSwiftHooks.defaultInstrumentation = profiler
    let profiled = makeStore()
    ReSwiftHooks.defaultInstrumentation = nil
    let measured = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { profiled.dispatch(Bump()) }
    }
    blackHole(plain.state.value &+ profiled.state.value)

    // A row that measured nothing extra says so, rather than passing for a cheap profiler.
    let reported = profiler.report().dispatchCount
    let workload =
        reported > 0
        ? "dispatch-profiled: 3 middlewares, DispatchProfiler"
        : "dispatch-profiled: NOT PROFILED (the store never reported to its instrumentation)"
    return [
        Row(
            workload: workload, unit: "ns", measured: measured, floor: floor,
            floorName: "the same store unprofiled", target: "≤ 3×", key: "dispatch-profiled")
    ]
}
