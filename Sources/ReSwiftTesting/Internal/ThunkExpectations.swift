import Foundation
import ReSwift

/// How an expected dispatch is checked.
enum ThunkDispatchCheck {
    /// The caller's own assertions, run on the dispatching thread.
    case assertion((Action) -> Void)
    /// A check that returns a failure message, which is kept and reported on the test's
    /// thread when the run ends: a thunk may dispatch from a thread where the test framework
    /// can't tell which test is running.
    case check((Action) -> String?)
}

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
    private var dispatchExpectations: [Expectation<ThunkDispatchCheck>] = []
    /// Failed checks waiting to be reported on the test's thread.
    private var failures: [(message: String, site: CallSite)] = []
    private var stateExpectations: [Expectation<State>] = []
    private var dispatchedActions: [Action] = []

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    func expectDispatch(description: String, site: CallSite, check: ThunkDispatchCheck) {
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
        let expectation = locked { () -> Expectation<ThunkDispatchCheck>? in
            dispatchedActions.append(action)
            return dispatchExpectations.isEmpty ? nil : dispatchExpectations.removeFirst()
        }
        switch expectation?.payload {
        case .assertion(let assertion)?:
            assertion(action)
        case .check(let check)?:
            if let message = check(action), let site = expectation?.site {
                locked { failures.append((message, site)) }
            }
        case nil:
            break
        }
        locked { condition.broadcast() }
    }

    /// The thunk's `getState`: the next mocked state, or `nil` when none is left.
    func getState() -> State? {
        locked {
            defer { condition.broadcast() }
            return stateExpectations.isEmpty ? nil : stateExpectations.removeFirst().payload
        }
    }

    var dispatched: [Action] {
        locked { dispatchedActions }
    }

    var pendingDispatches: Int {
        locked { dispatchExpectations.count }
    }

    /// Expected dispatches and `getState()` calls not yet made.
    private var pendingCalls: Int {
        locked { dispatchExpectations.count + stateExpectations.count }
    }

    /// Blocks until every expected dispatch and `getState()` call happened, or `timeout` seconds
    /// passed (as ReSwift-Thunk's `wait` counts both: a thunk may read the state after its last
    /// dispatch).
    func waitForDispatches(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return locked {
            while !dispatchExpectations.isEmpty || !stateExpectations.isEmpty {
                guard condition.wait(until: deadline) else { return dispatchExpectations.isEmpty }
            }
            return true
        }
    }

    /// Waits, without blocking a thread, until every expected dispatch and `getState()` call
    /// happened, or `timeout` seconds passed.
    func waitForDispatches(timeout: TimeInterval) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while pendingCalls > 0 {
            guard Date() < deadline, !Task.isCancelled else { return pendingDispatches == 0 }
            try? await Task.sleep(nanoseconds: pollInterval)
        }
        return true
    }

    /// Reports the failed checks, then fails for each expectation the thunk didn't consume, at
    /// the line that declared it, and forgets them all. Call it on the test's thread.
    func failLeftovers() {
        let (failed, dispatches, states) = locked {
            () -> (
                [(message: String, site: CallSite)], [Expectation<ThunkDispatchCheck>], [Expectation<State>]
            ) in
            defer {
                failures.removeAll()
                dispatchExpectations.removeAll()
                stateExpectations.removeAll()
            }
            return (failures, dispatchExpectations, stateExpectations)
        }
        for failure in failed {
            reportFailure(failure.message, at: failure.site)
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
func equalityCheck<A: Action & Equatable>(_ expected: A) -> ThunkDispatchCheck {
    .check { received in
        guard (received as? A) != expected else { return nil }
        return "Dispatched action does not equal the expected one.\n"
            + actionDifference(expected: expected, received: received)
    }
}
