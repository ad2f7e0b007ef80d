import Foundation
import ReSwift
import ReSwiftThunk

struct CounterState: Equatable {
    var count = 0
    var labels: [String] = []
}

struct Increment: Action {}

struct AddLabel: Action, Equatable {
    var label: String
}

func counterReducer(action: Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    switch action {
    case is Increment:
        state.count += 1
    case let action as AddLabel:
        state.labels.append(action.label)
    default:
        break
    }
    return state
}

/// A store with the thunk middleware that also records every action its reducer sees.
func makeCounterStore(
    middleware: [Middleware<CounterState>] = [createThunkMiddleware()],
    reduced: ActionLog? = nil
) -> Store<CounterState> {
    Store<CounterState>(
        reducer: { action, state in
            reduced?.append(action)
            return counterReducer(action: action, state: state)
        },
        state: CounterState(),
        middleware: middleware
    )
}

/// Actions seen by a reducer, readable from any thread.
final class ActionLog: Sendable {
    private let actions = TestLocked<[String]>([])

    func append(_ action: Action) {
        actions.withLock { $0.append("\(type(of: action))") }
    }

    var names: [String] { actions.withLock { $0 } }
}

/// A one-shot signal an async test can wait for.
final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        var continuation: AsyncStream<Void>.Continuation?
        stream = AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation = $0 }
        self.continuation = continuation!
    }

    func fire() {
        continuation.yield()
        continuation.finish()
    }

    func wait() async {
        for await _ in stream {}
    }
}

/// A value behind a lock, for test doubles shared with tasks.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `lock`.
final class TestLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
