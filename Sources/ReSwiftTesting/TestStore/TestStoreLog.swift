import Foundation
import ReSwift
@_spi(Testing) import ReSwiftThunk

/// What a ``TestStore``'s store did: the state after the action being sent, the actions that
/// thunks and middleware dispatched (with the state after each), and the async thunks still
/// running. Written by the store's middleware, reducer and thunk tasks; read by the test.
final class TestStoreLog<State>: AsyncThunkTracker, @unchecked Sendable {
    // @unchecked Sendable: every mutable property is only touched while holding `condition`
    // (an NSCondition, which is also a lock); `broadcast` wakes blocked `wait` calls.

    /// An action that reached the reducer, and the state it produced.
    struct Reduction {
        var action: Action
        var state: State
        /// Where the action was dispatched from, when known: `"dispatched at File.swift:12"`.
        var source: String?

        /// The action, followed by where it was dispatched from when that is known, for
        /// failure messages: `SearchFinished(books: []) (dispatched at App/Thunks.swift:42)`.
        var description: String {
            source.map { "\(action) (\($0))" } ?? "\(action)"
        }
    }

    /// An async thunk whose body hasn't finished.
    struct RunningThunk {
        var description: String
        var cancel: (@Sendable () -> Void)?
    }

    /// One `send` in progress.
    private struct Send {
        /// The state when the sent action entered the middleware.
        var stateBefore: State?
        /// The state after the reducer reduced the sent action, if it reached the reducer.
        var stateAfter: State?
    }

    private let condition = NSCondition()
    /// For each action passing through the middleware (nested dispatches stack up), whether it
    /// is the action being sent.
    private var sentStack: [Bool] = []
    private var send: Send?
    private var received: [Reduction] = []
    private var running: [Int: RunningThunk] = [:]
    private var nextThunkID = 0
    private var thunkFailures: [UnhandledThunkError] = []

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    // MARK: Written by the store

    /// An action enters the middleware chain.
    func enter(isSent: Bool, state: State?) {
        locked {
            sentStack.append(isSent)
            if isSent { send = Send(stateBefore: state) }
        }
    }

    /// The action that last entered the middleware chain left it.
    func leave() {
        locked { _ = sentStack.popLast() }
    }

    /// The reducer reduced an action.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - state: The state it produced.
    ///   - source: Where it was dispatched from, when known (see ``dispatchSource()``).
    func reduced(_ action: Action, to state: State, source: String?) {
        locked {
            if sentStack.last == true, send != nil, send?.stateAfter == nil {
                send?.stateAfter = state
            } else {
                received.append(Reduction(action: action, state: state, source: source))
            }
            condition.broadcast()
        }
    }

    // MARK: Read by the test

    /// Ends the current send.
    ///
    /// - Returns: The state after the sent action, or before it if it never reached the reducer.
    func finishSend() -> State? {
        locked {
            defer { send = nil }
            return send?.stateAfter ?? send?.stateBefore
        }
    }

    var receivedActions: [Reduction] {
        locked { received }
    }

    /// Removes and returns the received actions.
    func takeReceived() -> [Reduction] {
        locked {
            defer { received.removeAll() }
            return received
        }
    }

    /// Removes and returns the first received action that `matches` accepts, with the ones before
    /// it; `nil` if there is none (yet).
    func takeReceived(through matches: (Action) -> Bool) -> (skipped: [Reduction], match: Reduction)? {
        locked {
            guard let index = received.firstIndex(where: { matches($0.action) }) else { return nil }
            let skipped = Array(received[..<index])
            let match = received[index]
            received.removeSubrange(...index)
            return (skipped, match)
        }
    }

    var runningThunks: [RunningThunk] {
        locked { running.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Removes and returns the errors thrown by async thunks nobody awaited.
    func takeThunkFailures() -> [UnhandledThunkError] {
        locked {
            defer { thunkFailures.removeAll() }
            return thunkFailures
        }
    }

    /// Blocks until `isDone` holds or the deadline passes; `isDone` runs with the lock held.
    func wait(until deadline: Date, for isDone: () -> Bool) -> Bool {
        locked {
            while !isDone() {
                guard condition.wait(until: deadline) else { return isDone() }
            }
            return true
        }
    }

    /// Waits without blocking a thread until `isDone` holds or the deadline passes.
    func wait(until deadline: Date, for isDone: () -> Bool) async -> Bool {
        while !locked(isDone) {
            guard Date() < deadline, !Task.isCancelled else { return locked(isDone) }
            try? await Task.sleep(nanoseconds: pollInterval)
        }
        return true
    }

    /// Whether there are received actions; call with the lock held (inside `wait`).
    var hasReceivedUnlocked: Bool { !received.isEmpty }

    /// Whether a received action matches; call with the lock held (inside `wait`).
    func hasReceivedUnlocked(matching matches: (Action) -> Bool) -> Bool {
        received.contains { matches($0.action) }
    }

    /// Whether every async thunk finished; call with the lock held (inside `wait`).
    var thunksFinishedUnlocked: Bool { running.isEmpty }

    // MARK: AsyncThunkTracker

    func asyncThunkWillStart(_ thunk: String) -> Int {
        locked {
            nextThunkID += 1
            running[nextThunkID] = RunningThunk(description: thunk)
            return nextThunkID
        }
    }

    func asyncThunk(_ id: Int, didStartWithCancel cancel: @escaping @Sendable () -> Void) {
        locked { running[id]?.cancel = cancel }
    }

    func asyncThunkDidFinish(_ id: Int, unhandledError: UnhandledThunkError?) {
        locked {
            running[id] = nil
            if let unhandledError { thunkFailures.append(unhandledError) }
            condition.broadcast()
        }
    }
}

/// Where the action the store is reducing on this thread was dispatched from, for failure
/// messages: its call site (`"dispatched at App/Thunks.swift:42"`) when it was dispatched with
/// one, otherwise the async thunk whose body dispatched it, otherwise `nil`.
func dispatchSource() -> String? {
    if let callSite = ReSwift.CallSite.current {
        return "dispatched at \(callSite)"
    }
    if let thunk = TrackedAsyncThunk.current {
        return "dispatched by \(thunk)"
    }
    return nil
}
