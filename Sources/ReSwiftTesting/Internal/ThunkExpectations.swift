import Foundation
import ReSwift

/// The shared engine of ``ExpectThunk`` and ``ExpectAsyncThunk``: queues of expected dispatches
/// and mocked states, consumed in order by the thunk under test.
final class ThunkExpectations<State>: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is only touched while holding `condition`
    // (an NSCondition, which is also a lock).

    private struct Expectation<Payload> {
        var payload: Payload
        /// What the expectation was, for the failure when it is left unfulfilled.
        var description: String
        var site: CallSite
    }

    private let condition = NSCondition()
    private var dispatchExpectations: [Expectation<(Action) -> Void>] = []
    private var stateExpectations: [Expectation<State>] = []
    private var dispatchedActions: [Action] = []

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    func expectDispatch(description: String, site: CallSite, check: @escaping (Action) -> Void) {
        locked {
            dispatchExpectations.append(Expectation(payload: check, description: description, site: site))
        }
    }

    func expectGetState(_ state: State, site: CallSite) {
        locked {
            stateExpectations.append(
                Expectation(payload: state, description: "getsState(\(state))", site: site))
        }
    }

    /// The thunk's `dispatch`: records the action and checks it against the next expectation.
    func dispatch(_ action: Action) {
        let check = locked { () -> ((Action) -> Void)? in
            dispatchedActions.append(action)
            return dispatchExpectations.isEmpty ? nil : dispatchExpectations.removeFirst().payload
        }
        check?(action)
        locked { condition.broadcast() }
    }

    /// The thunk's `getState`: the next mocked state, or `nil` when none is left.
    func getState() -> State? {
        locked { stateExpectations.isEmpty ? nil : stateExpectations.removeFirst().payload }
    }

    var dispatched: [Action] {
        locked { dispatchedActions }
    }

    var pendingDispatches: Int {
        locked { dispatchExpectations.count }
    }

    /// Blocks until every expected dispatch happened, or `timeout` seconds passed.
    func waitForDispatches(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return locked {
            while !dispatchExpectations.isEmpty {
                guard condition.wait(until: deadline) else { return dispatchExpectations.isEmpty }
            }
            return true
        }
    }

    /// Waits, without blocking a thread, until every expected dispatch happened, or `timeout`
    /// seconds passed.
    func waitForDispatches(timeout: TimeInterval) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while pendingDispatches > 0 {
            guard Date() < deadline, !Task.isCancelled else { return pendingDispatches == 0 }
            try? await Task.sleep(nanoseconds: pollInterval)
        }
        return true
    }

    /// Fails for each expectation the thunk didn't consume, at the line that declared it, and
    /// forgets them.
    func failLeftovers() {
        let (dispatches, states) = locked { () -> ([Expectation<(Action) -> Void>], [Expectation<State>]) in
            defer {
                dispatchExpectations.removeAll()
                stateExpectations.removeAll()
            }
            return (dispatchExpectations, stateExpectations)
        }
        for expectation in dispatches {
            reportFailure(
                "Unfulfilled dispatches: \(expectation.description) — the thunk finished without "
                    + "dispatching it. Dispatched: \(describe(dispatched)).",
                at: expectation.site)
        }
        for expectation in states {
            reportFailure(
                "Unfulfilled \(expectation.description) — the thunk read the state fewer times than "
                    + "expected. Remove the extra getsState or check the thunk's logic.",
                at: expectation.site)
        }
    }
}

/// A list of actions for failure messages.
func describe(_ actions: [Action]) -> String {
    actions.isEmpty ? "nothing" : "[" + actions.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// The check `dispatches(_:)` adds for an `Equatable` action.
func equalityCheck<A: Action & Equatable>(_ expected: A, site: CallSite) -> (Action) -> Void {
    return { received in
        guard (received as? A) != expected else { return }
        reportFailure(
            "Dispatched action does not equal the expected one.\n"
                + actionDifference(expected: expected, received: received),
            at: site)
    }
}
