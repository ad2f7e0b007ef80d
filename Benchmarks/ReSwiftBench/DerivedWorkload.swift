import ReSwift

// MARK: - derived: 1,000 subscribers of one memoized selector

struct DerivedItem: Equatable {
    var id: Int
    var priority: Int
    var isDone: Bool
}

struct DerivedState {
    var items: [DerivedItem]
    /// A field no selector reads.
    var clock = 0

    init(count: Int) {
        // A fixed pseudo-random order, so that sorting has work to do.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        items = (0..<count).map { id in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return DerivedItem(id: id, priority: Int(seed >> 40) % 1000, isDone: id % 3 == 0)
        }
    }
}

struct Tick: Action {}
struct ToggleItem: Action { let index: Int }

func derivedReducer(action: Action, state: DerivedState?) -> DerivedState {
    var state = state ?? DerivedState(count: 0)
    switch action {
    case is Tick: state.clock &+= 1
    case let toggle as ToggleItem: state.items[toggle.index].isDone.toggle()
    default: break
    }
    return state
}

/// The derived value: the open items, by priority then id.
@Sendable func openItemsByPriority(_ items: [DerivedItem]) -> [DerivedItem] {
    items.filter { !$0.isDone }.sorted { ($0.priority, $0.id) < ($1.priority, $1.id) }
}

/// One round: a dispatch that changes a field the selector doesn't read, then one that toggles
/// an item (which changes the derived list). The store's 1,000 closure subscriptions share one
/// selector; the floor computes the list once by hand and calls 1,000 closures with it.
func derivedWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let itemCount = 10_000
    let subscriberCount = 1000
    let rounds = 20 * configuration.scale
    let totals = UnsafeMutablePointer<Int>.allocate(capacity: subscriberCount)
    totals.initialize(repeating: 0, count: subscriberCount)
    defer { totals.deallocate() }

    let openItems = MemoizedSelector(\DerivedState.items, openItemsByPriority)
    let store = Store(reducer: derivedReducer, state: DerivedState(count: itemCount))
    let tokens = (0..<subscriberCount).map { index in
        store.subscribe(openItems) { items in
            totals[index] &+= items.count
        }
    }
    var next = 0
    let measured = measure(configuration, operations: rounds) {
        derivedStoreRounds(store, rounds: rounds, next: &next)
    }
    let unrelated = measure(configuration, operations: rounds) {
        for _ in 0..<rounds { store.dispatch(Tick()) }
    }
    let recomputations = openItems.recomputations
    for token in tokens { token.cancel() }

    // The floor: the same state changes by hand, the list computed once per round, and the
    // same closures called with it.
    let closures: [([DerivedItem]) -> Void] = (0..<subscriberCount).map { index in
        { items in totals[index] &+= items.count }
    }
    var state = DerivedState(count: itemCount)
    next = 0
    let floor = measure(configuration, operations: rounds) {
        derivedFloorRounds(&state, closures: closures, rounds: rounds, next: &next)
    }
    blackHole(UnsafeBufferPointer(start: totals, count: subscriberCount).reduce(0, &+))
    blackHole(recomputations)
    return [
        Row(
            workload: "derived: 1000 subscribers of 1 selector", unit: "µs", measured: measured / 1000,
            floor: floor / 1000, floorName: "compute once + 1000 calls", target: "≤ 1.5×", key: "derived"),
        Row(
            workload: "  (an unrelated change alone)", unit: "µs", measured: unrelated / 1000,
            floor: nil, floorName: "–", target: "info"),
    ]
}

// The rounds, apart from the workload so that an instruction-counting profiler
// (`valgrind --tool=callgrind`) can compare the two on a busy machine.

@inline(never)
func derivedStoreRounds(_ store: Store<DerivedState>, rounds: Int, next: inout Int) {
    for _ in 0..<rounds {
        store.dispatch(Tick())
        store.dispatch(ToggleItem(index: next))
        next = (next + 1) % store.state.items.count
    }
}

@inline(never)
func derivedFloorRounds(
    _ state: inout DerivedState, closures: [([DerivedItem]) -> Void], rounds: Int, next: inout Int
) {
    for _ in 0..<rounds {
        state.clock &+= 1
        state.items[next].isDone.toggle()
        next = (next + 1) % state.items.count
        let items = openItemsByPriority(state.items)
        for closure in closures { closure(items) }
    }
}
