import Foundation
import ReSwift

/// A value behind a lock, shared between a test and the tasks or threads it starts.
// @unchecked Sendable: `value` is only touched inside `withLock`, which holds `lock`.
final class LockedBox<Value>: @unchecked Sendable {
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

    var current: Value { withLock { $0 } }
}

/// A one-shot signal an async test can wait for; firing it again does nothing.
final class OneShotSignal: Sendable {
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

    /// Waits until the signal fired. Call it from one task only.
    func wait() async {
        for await _ in stream {}
    }
}

/// The state the async and Observation tests use (kept apart from the core tests' fixtures).
struct ScoreState: Equatable, Sendable {
    var count = 0
    var name = "counter"
}

enum ScoreAction: Action {
    case increment
    case decrement
    case rename(String)
    case noop
}

func scoreReducer(action: Action, state: ScoreState?) -> ScoreState {
    var state = state ?? ScoreState()
    switch action as? ScoreAction {
    case .increment?: state.count += 1
    case .decrement?: state.count -= 1
    case .rename(let name)?: state.name = name
    case .noop?, nil: break
    }
    return state
}
