import Foundation
import ReSwift
import Testing

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

    /// Waits until the signal fired, or records an issue naming `what` after `seconds`. Call
    /// it from one task only.
    ///
    /// - Returns: Whether the signal fired before the deadline.
    @discardableResult
    func wait(
        for what: String = "the signal", seconds: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let stream = self.stream
        let fired = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in stream {}
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds) * 1_000_000_000)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !fired {
            Issue.record("Timed out after \(seconds) s waiting for \(what)", sourceLocation: sourceLocation)
        }
        return fired
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
