import ReSwift
import ReSwiftQuery
import ReSwiftThunk

// MARK: - query: the query layer's costs

/// What the query rows fetch: a number per key, from a fetch that counts its calls.
struct QueryBenchState {
    var numbers = QueryState<Int, Int>()
    var plain = 0
}

struct QueryBenchTick: Action {}

/// Counts fetches; touched only from the fetch's task, read after the store settled.
final class FetchCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is written by one fetch task at a time (the test waits for
    // each to finish before the next starts, and reads it after), never concurrently.
    var count = 0
}

func queryWorkload(_ configuration: BenchmarkConfiguration) async -> [Row] {
    var rows: [Row] = []
    rows.append(await oneFetchForManySubscribers())
    rows += loadedAnswerRows(configuration)
    rows += unhandledActionRows(configuration)
    return rows
}

/// 1,000 parts of an app want one key at once: the middleware makes exactly one fetch.
private func oneFetchForManySubscribers() async -> Row {
    let counter = FetchCounter()
    let endpoint = QueryEndpoint<Int, Int>("numbers", policy: QueryPolicy(freshFor: .seconds(60))) { key in
        counter.count += 1
        return key
    }
    let clock = TestClock()
    let store = Store<QueryBenchState>(
        reducer: { action, state in endpoint.reduce(action, &state.numbers) }, state: QueryBenchState(),
        middleware: [
            createThunkMiddleware(effects: ThunkEffects(clock: clock)), endpoint.middleware(\.numbers),
        ])
    for _ in 0..<1000 { store.dispatch(endpoint.want(7)) }
    await clock.advance(by: .zero)
    let fetches = Double(counter.count)
    return Row(
        workload: "query: 1,000 subscribers of one key", unit: "fetches", measured: fetches, floor: 1,
        floorName: "one fetch", target: "= 1", key: "query-dedup")
}

/// Reducing a loaded answer into a cache of 100, 10,000 and 100,000 entries: flat, since the
/// entry changes in place.
private func loadedAnswerRows(_ configuration: BenchmarkConfiguration) -> [Row] {
    let endpoint = QueryEndpoint<Int, Int>("numbers") { $0 }
    let timestamp = QueryTimestamp(instant: nil, date: .init(timeIntervalSince1970: 0))
    return [100, 10_000, 100_000].map { count in
        var entries: [Int: QueryEntry<Int>] = [:]
        for key in 0..<count { entries[key] = QueryEntry(status: .loaded, value: key, wantedBy: 1) }
        let store = Store<QueryBenchState>(
            reducer: { action, state in endpoint.reduce(action, &state.numbers) },
            state: QueryBenchState(numbers: QueryState(entries: entries)))
        let operations = 20_000 * configuration.scale
        var key = 0
        // One answer: the entry starts fetching again, then its answer is reduced.
        let started = (0..<count).map {
            QueryAction<Int, Int>(endpoint: "numbers", argument: $0, event: .started)
        }
        let loaded: [Action] = (0..<count).map {
            QueryAction<Int, Int>(endpoint: "numbers", argument: $0, event: .loaded($0 &+ 1, at: timestamp))
        }
        // The floor: the same two changes to a dictionary of entries, by hand.
        var holder = entries
        let floor = measure(configuration, operations: operations) {
            for _ in 0..<operations {
                holder[key]?.status = .refreshing
                holder[key]?.value = key &+ 1
                holder[key]?.status = .loaded
                key = (key &+ 7919) % count
            }
        }
        let measured = measure(configuration, operations: operations) {
            for _ in 0..<operations {
                store.dispatch(started[key])
                store.dispatch(loaded[key])
                key = (key &+ 7919) % count
            }
        }
        blackHole(holder.count)
        return Row(
            workload: "query: a loaded answer, \(count.formatted) entries", unit: "ns", measured: measured,
            floor: floor, floorName: "the change by hand", target: count == 100_000 ? "flat" : "info",
            key: "query-loaded-\(count)")
    }
}

/// An action the query middleware doesn't handle, beside the same store with a middleware that
/// only passes actions on in its place (the ratio is the query middleware's own cost), and, for
/// information, beside a store with no middleware.
private func unhandledActionRows(_ configuration: BenchmarkConfiguration) -> [Row] {
    let endpoint = QueryEndpoint<Int, Int>("numbers") { $0 }
    let reducer: MutatingReducer<QueryBenchState> = { action, state in
        if action is QueryBenchTick { state.plain &+= 1 }
    }
    let passThrough: Middleware<QueryBenchState> = { _, _ in { next in { action in next(action) } } }
    let bare = Store<QueryBenchState>(reducer: reducer, state: QueryBenchState())
    let plain = Store<QueryBenchState>(reducer: reducer, state: QueryBenchState(), middleware: [passThrough])
    let queried = Store<QueryBenchState>(
        reducer: reducer, state: QueryBenchState(), middleware: [endpoint.middleware(\.numbers)])
    let operations = 200_000 * configuration.scale
    let tick = QueryBenchTick()
    let times = measureInterleaved(
        configuration, operations: operations,
        [
            { for _ in 0..<operations { plain.dispatch(tick) } },
            { for _ in 0..<operations { queried.dispatch(tick) } },
            { for _ in 0..<operations { bare.dispatch(tick) } },
        ])
    blackHole(plain.state.plain &+ queried.state.plain &+ bare.state.plain)
    return [
        Row(
            workload: "query: an action the middleware passes on", unit: "ns", measured: times[1],
            floor: times[0], floorName: "a pass-through middleware", target: "≤ 1.2×",
            key: "query-passthrough"),
        Row(
            workload: "query: the same, beside no middleware", unit: "ns", measured: times[1],
            floor: times[2],
            floorName: "a store without middleware", target: "info"),
    ]
}
