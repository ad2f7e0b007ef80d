import ReSwift
import ReSwiftThunk

// MARK: - listeners: dispatch with 10 listeners that don't match

/// Ten action types no dispatch of the workload matches.
private enum Unmatched {
    struct A0: Action {}
    struct A1: Action {}
    struct A2: Action {}
    struct A3: Action {}
    struct A4: Action {}
    struct A5: Action {}
    struct A6: Action {}
    struct A7: Action {}
    struct A8: Action {}
    struct A9: Action {}

    static var types: [any Action.Type] {
        [A0.self, A1.self, A2.self, A3.self, A4.self, A5.self, A6.self, A7.self, A8.self, A9.self]
    }

    /// Registers a listener for each of the ten types.
    static func listen(on listeners: ListenerMiddleware<BenchState>) {
        listeners.startListening(for: A0.self) { _, _ in }
        listeners.startListening(for: A1.self) { _, _ in }
        listeners.startListening(for: A2.self) { _, _ in }
        listeners.startListening(for: A3.self) { _, _ in }
        listeners.startListening(for: A4.self) { _, _ in }
        listeners.startListening(for: A5.self) { _, _ in }
        listeners.startListening(for: A6.self) { _, _ in }
        listeners.startListening(for: A7.self) { _, _ in }
        listeners.startListening(for: A8.self) { _, _ in }
        listeners.startListening(for: A9.self) { _, _ in }
    }
}

/// The cost a `ListenerMiddleware` adds to every dispatch when none of its listeners matches:
/// a store with it and 10 listeners (each for an action type), beside the same store without
/// it. A second row shows 10 predicate listeners, which are each asked about every action.
func listenersWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let dispatches = 200_000 * configuration.scale

    let plain = Store(reducer: benchReducer, state: BenchState())

    let typed = ListenerMiddleware<BenchState>()
    Unmatched.listen(on: typed)
    let typedStore = Store(reducer: benchReducer, state: BenchState(), middleware: [typed.middleware])

    // What any one middleware costs, listeners or not.
    let passThrough: Middleware<BenchState> = { _, _ in { next in { action in next(action) } } }
    let passThroughStore = Store(reducer: benchReducer, state: BenchState(), middleware: [passThrough])

    let predicates = ListenerMiddleware<BenchState>()
    for unmatched in Unmatched.types {
        let id = ObjectIdentifier(unmatched)
        predicates.startListening(matching: { ObjectIdentifier(type(of: $0)) == id }) { _, _ in }
    }
    let predicateStore = Store(
        reducer: benchReducer, state: BenchState(), middleware: [predicates.middleware])

    // In turn, sample by sample: the ratio to the floor is what the row guards.
    let results = measureInterleaved(
        configuration, operations: dispatches,
        [
            { plainDispatchRounds(plain, dispatches) },
            { listenerDispatchRounds(typedStore, dispatches) },
            { passThroughDispatchRounds(passThroughStore, dispatches) },
            { for _ in 0..<dispatches { predicateStore.dispatch(Bump()) } },
        ])
    let (floor, measured, passThroughMeasured, predicateMeasured) = (
        results[0], results[1], results[2], results[3]
    )
    blackHole(
        plain.state.value &+ typedStore.state.value &+ passThroughStore.state.value
            &+ predicateStore.state.value)
    return [
        Row(
            workload: "listeners: 10 that don't match", unit: "ns", measured: measured,
            floor: floor, floorName: "plain dispatch", target: "≤ 1.5×", key: "listeners"),
        Row(
            workload: "  (one pass-through middleware)", unit: "ns", measured: passThroughMeasured,
            floor: floor, floorName: "plain dispatch", target: "info"),
        Row(
            workload: "  (10 predicate listeners)", unit: "ns", measured: predicateMeasured,
            floor: floor, floorName: "plain dispatch", target: "info"),
    ]
}

// The rounds, apart from the workload so that an instruction-counting profiler
// (`valgrind --tool=callgrind`, on a copy stripped with `strip --strip-debug`) can compare them
// on a busy machine. Each hands the optimizer a different constant, so that it doesn't merge them.

@inline(never)
func plainDispatchRounds(_ store: Store<BenchState>, _ count: Int) {
    for _ in 0..<count { store.dispatch(Bump()) }
    blackHole(1)
}

@inline(never)
func listenerDispatchRounds(_ store: Store<BenchState>, _ count: Int) {
    for _ in 0..<count { store.dispatch(Bump()) }
    blackHole(2)
}

@inline(never)
func passThroughDispatchRounds(_ store: Store<BenchState>, _ count: Int) {
    for _ in 0..<count { store.dispatch(Bump()) }
    blackHole(3)
}
