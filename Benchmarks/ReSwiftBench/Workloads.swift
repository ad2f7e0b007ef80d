import Dispatch
import ReSwift

// MARK: - Shared types

struct BenchState {
    var value = 0
}

struct Bump: Action {}

func benchReducer(action: Action, state: BenchState?) -> BenchState {
    var state = state ?? BenchState()
    if action is Bump { state.value &+= 1 }
    return state
}

final class BenchSubscriber: StoreSubscriber {
    var total = 0

    func newState(state: BenchState) {
        total &+= state.value
    }
}

final class WeakBox<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

// MARK: - 1. notify through object subscribers

func notifyWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let count = 3000
    let dispatches = 200 * configuration.scale
    let subscribers = (0..<count).map { _ in BenchSubscriber() }

    let store = Store(reducer: benchReducer, state: BenchState(), automaticallySkipsRepeats: false)
    for subscriber in subscribers { store.subscribe(subscriber) }
    let measured = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { store.dispatch(Bump()) }
    }

    // The floor: the same subscribers reached through weak references, as the contract requires.
    let weakBoxes = subscribers.map { WeakBox($0) }
    var state = BenchState()
    let weakFloor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches {
            state.value &+= 1
            for box in weakBoxes { box.object?.newState(state: state) }
        }
    }
    let strongFloor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches {
            state.value &+= 1
            for subscriber in subscribers { subscriber.newState(state: state) }
        }
    }
    blackHole(subscribers.reduce(0) { $0 &+ $1.total })
    return [
        Row(
            workload: "notify: 3000 object subscribers", unit: "µs", measured: measured / 1000,
            floor: weakFloor / 1000, floorName: "weak loads + calls", target: "≤ 1.5×", key: "notify"),
        Row(
            workload: "  (the same, strong calls)", unit: "µs", measured: measured / 1000,
            floor: strongFloor / 1000, floorName: "strong calls", target: "info"),
    ]
}

// MARK: - 2. notify through closure subscriptions

func closureNotifyWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let count = 3000
    let dispatches = 500 * configuration.scale
    let totals = UnsafeMutablePointer<Int>.allocate(capacity: count)
    totals.initialize(repeating: 0, count: count)
    defer { totals.deallocate() }

    let store = Store(reducer: benchReducer, state: BenchState(), automaticallySkipsRepeats: false)
    let tokens = (0..<count).map { index in
        store.subscribe { (state: BenchState) in totals[index] &+= state.value }
    }
    let measured = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { store.dispatch(Bump()) }
    }
    for token in tokens { token.cancel() }

    // The floor: the same closures, called directly.
    let closures: [(BenchState) -> Void] = (0..<count).map { index in
        { state in totals[index] &+= state.value }
    }
    var state = BenchState()
    let floor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches {
            state.value &+= 1
            for closure in closures { closure(state) }
        }
    }
    blackHole(UnsafeBufferPointer(start: totals, count: count).reduce(0, &+))
    return [
        Row(
            workload: "notify: 3000 closure subscriptions", unit: "µs", measured: measured / 1000,
            floor: floor / 1000, floorName: "direct closure calls", target: "≤ 10×", key: "closures")
    ]
}

// MARK: - 3. select one Int of 1000

struct ManyValues {
    var values = [Int](repeating: 0, count: 1000)
}

struct ChangeValue: Action {
    let index: Int
}

func manyValuesReducer(action: Action, state: ManyValues?) -> ManyValues {
    var state = state ?? ManyValues()
    if let action = action as? ChangeValue { state.values[action.index] &+= 1 }
    return state
}

final class IntSubscriber: StoreSubscriber {
    var received = 0
    func newState(state: Int) { received &+= state }
}

func selectWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let count = 1000
    let dispatches = 1000 * configuration.scale
    let subscribers = (0..<count).map { _ in IntSubscriber() }
    let store = Store(reducer: manyValuesReducer, state: ManyValues())
    for (index, subscriber) in subscribers.enumerated() {
        store.subscribe(subscriber) { $0.select { $0.values[index] } }
    }
    var next = 0
    let measured = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches {
            store.dispatch(ChangeValue(index: next))
            next = (next + 1) % count
        }
    }

    // The floor: compare each Int with its previous value and call the subscriber whose Int
    // changed.
    var state = ManyValues()
    var previous = state.values
    next = 0
    let floor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches {
            state.values[next] &+= 1
            next = (next + 1) % count
            for index in 0..<count where state.values[index] != previous[index] {
                previous[index] = state.values[index]
                subscribers[index].newState(state: state.values[index])
            }
        }
    }
    blackHole(subscribers.reduce(0) { $0 &+ $1.received })
    return [
        Row(
            workload: "select: 1000 subscribers, 1 changes", unit: "µs", measured: measured / 1000,
            floor: floor / 1000, floorName: "compare + call", target: "≤ 20×", key: "select")
    ]
}

// MARK: - 4. dispatch through middleware

func dispatchWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let dispatches = 200_000 * configuration.scale
    let passThrough: Middleware<BenchState> = { _, _ in
        { next in { action in next(action) } }
    }
    let store = Store(
        reducer: benchReducer, state: BenchState(),
        middleware: [passThrough, passThrough, passThrough])
    let measured = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { store.dispatch(Bump()) }
    }

    // The floor: the same three pass-through closures around the reducer, with no store. The
    // state is in an object without dynamic exclusivity checks (a captured `var` would pay two
    // per dispatch, which a hand-written store wouldn't).
    let holder = FloorStateHolder()
    let reduce: DispatchFunction = { action in
        holder.state = benchReducer(action: action, state: holder.state)
    }
    let chain = [passThrough, passThrough, passThrough].reversed().reduce(reduce) { next, middleware in
        middleware({ _ in }, { nil })(next)
    }
    let floor = measure(configuration, operations: dispatches) {
        for _ in 0..<dispatches { chain(Bump()) }
    }
    blackHole(holder.state.value)
    return [
        Row(
            workload: "dispatch: 3 middlewares, no subscribers", unit: "ns", measured: measured,
            floor: floor, floorName: "closures + reducer", target: "≤ 2.5×", key: "dispatch")
    ]
}

/// The floor's state, as a hand-written store would hold it.
final class FloorStateHolder {
    @exclusivity(unchecked) var state = BenchState()
}

// MARK: - 5. subscribe and unsubscribe

func subscribeWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    // The same churn with 3000 and with 100,000 others subscribed: the cost must not grow.
    subscribeWorkload(configuration, resident: 3000) + subscribeWorkload(configuration, resident: 100_000)
}

func subscribeWorkload(_ configuration: BenchmarkConfiguration, resident residentCount: Int) -> [Row] {
    let count = 3000
    let store = Store(reducer: benchReducer, state: BenchState(), automaticallySkipsRepeats: false)
    let resident = (0..<residentCount).map { _ in BenchSubscriber() }
    for subscriber in resident { store.subscribe(subscriber) }

    let churn = (0..<count).map { _ in BenchSubscriber() }
    var subscribeTimes: [Double] = []
    var unsubscribeTimes: [Double] = []
    for _ in 0..<configuration.samples {
        let start = DispatchTime.now().uptimeNanoseconds
        for subscriber in churn { store.subscribe(subscriber) }
        let middle = DispatchTime.now().uptimeNanoseconds
        for subscriber in churn { store.unsubscribe(subscriber) }
        let end = DispatchTime.now().uptimeNanoseconds
        subscribeTimes.append(Double(middle - start) / Double(count))
        unsubscribeTimes.append(Double(end - middle) / Double(count))
    }

    blackHole(churn.reduce(0) { $0 &+ $1.total })
    return [
        Row(
            workload: "subscribe (\(residentCount.formatted) subscribed)", unit: "ns",
            measured: subscribeTimes.min() ?? 0, floor: nil,
            floorName: "–", target: "≤ 300 ns", key: "subscribe"),
        Row(
            workload: "unsubscribe (\(residentCount.formatted) subscribed)", unit: "ns",
            measured: unsubscribeTimes.min() ?? 0, floor: nil,
            floorName: "–", target: "≤ 300 ns", key: "unsubscribe"),
    ]
}

// MARK: - 6. memory per subscription

func memoryWorkload(_ configuration: BenchmarkConfiguration) -> [Row] {
    let count = 100_000
    let subscribers = (0..<count).map { _ in BenchSubscriber() }
    let store = Store(reducer: benchReducer, state: BenchState(), automaticallySkipsRepeats: false)
    guard let before = allocatedBytes() else {
        return [
            Row(
                workload: "memory per subscription", unit: "B", measured: 0, floor: nil,
                floorName: "not measurable on this platform", target: "≤ 200 B", key: "memory")
        ]
    }
    for subscriber in subscribers { store.subscribe(subscriber) }
    let after = allocatedBytes() ?? before
    blackHole(store.state.value)
    return [
        Row(
            workload: "memory per subscription (100,000)", unit: "B",
            measured: Double(after - before) / Double(count), floor: nil,
            floorName: "–", target: "≤ 200 B", key: "memory")
    ]
}

extension Int {
    /// The number with thousands separated by commas, e.g. "100,000".
    var formatted: String {
        let digits = String(self)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
