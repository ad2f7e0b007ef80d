import ReSwift

// MARK: - bigstate: one change in a big state

struct BigItem {
    var id: Int
    var title: String
    var done: Bool
}

struct BigState {
    var items: [BigItem]
    var filter = 0
}

struct ToggleBigItem: Action {
    let index: Int
}

func bigStateInPlaceReducer(action: Action, state: inout BigState) {
    if let toggle = action as? ToggleBigItem { state.items[toggle.index].done.toggle() }
}

func bigStateClassicReducer(action: Action, state: BigState?) -> BigState {
    var state = state!
    if let toggle = action as? ToggleBigItem { state.items[toggle.index].done.toggle() }
    return state
}

final class FilterSubscriber: StoreSubscriber {
    var total = 0
    func newState(state: Int) { total &+= state }
}

/// The floor's state, as a hand-written store would hold it.
final class BigStateHolder {
    @exclusivity(unchecked) var state: BigState
    init(_ state: BigState) { self.state = state }
}

func bigStateWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    [1000, 100_000, 1_000_000].flatMap { bigStateRows(configuration, items: $0) }
}

private func bigStateRows(_ configuration: BenchmarkConfiguration, items count: Int) -> [Row] {
    let initial = BigState(
        items: (0..<count).map { BigItem(id: $0, title: "Todo item number \($0)", done: false) })
    let name = "bigstate \(count.formatted) items"
    var next = 0
    func toggles(_ store: Store<BigState>, _ dispatches: Int) -> () -> Void {
        {
            for _ in 0..<dispatches {
                store.dispatch(ToggleBigItem(index: next))
                next = next &+ 7919 < count ? next &+ 7919 : (next &+ 7919) % count
            }
        }
    }

    // The floor: the same change, in place, with no store.
    let holder = BigStateHolder(initial)
    let inPlaceDispatches = 20_000 * configuration.scale
    let floor = measure(configuration, operations: inPlaceDispatches) {
        for _ in 0..<inPlaceDispatches {
            bigStateInPlaceReducer(action: ToggleBigItem(index: next), state: &holder.state)
            next = (next &+ 7919) % count
        }
    }

    var rows: [Row] = []
    for subscribed in [0, 10] {
        let store = Store(reducer: bigStateInPlaceReducer, state: initial)
        let subscribers = (0..<subscribed).map { _ in FilterSubscriber() }
        for subscriber in subscribers { store.subscribe(subscriber) { $0.select(\.filter) } }
        let measured = measure(
            configuration, operations: inPlaceDispatches, toggles(store, inPlaceDispatches))
        blackHole(subscribers.reduce(0) { $0 &+ $1.total })
        rows.append(
            Row(
                workload: "\(name), in place, \(subscribed) select", unit: "ns", measured: measured,
                floor: floor, floorName: "the change by hand", target: count == 1_000_000 ? "≤ 1 µs" : "info",
                key: "bigstate-\(count)-\(subscribed)"))
    }
    // ReSwift's reducer form copies the state it changes: fewer dispatches for the big states.
    let classicDispatches = max(3, 2_000_000 / count) * configuration.scale
    for subscribed in [0, 10] {
        let store = Store(reducer: bigStateClassicReducer, state: initial)
        let subscribers = (0..<subscribed).map { _ in FilterSubscriber() }
        for subscriber in subscribers { store.subscribe(subscriber) { $0.select(\.filter) } }
        let measured = measure(
            configuration, operations: classicDispatches, toggles(store, classicDispatches))
        blackHole(subscribers.reduce(0) { $0 &+ $1.total })
        rows.append(
            Row(
                workload: "\(name), classic, \(subscribed) select", unit: "ns", measured: measured,
                floor: floor, floorName: "the change by hand", target: "info"))
    }
    blackHole(holder.state.items.count)
    return rows
}
