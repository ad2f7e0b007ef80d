import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// Records dispatched actions, from any thread, and finds them by type.
///
/// The ReSwift 101 way of testing what a view dispatches is to replace the store's dispatch
/// function with one that keeps the actions: `store.dispatchFunction = { actions.append($0) }`.
/// `ActionRecorder` is that, thread-safe and with typed look-ups:
///
/// ```swift
/// let recorder = ActionRecorder()
/// recorder.capture(store)            // the reducer no longer runs
/// view.didTapCategory(at: 2)
/// #expect(recorder.last(ChangeCategory.self)?.index == 2)
/// #expect(recorder.count == 1)
/// ```
///
/// To record actions while the store goes on reducing them, add ``middleware()`` to the
/// store's middleware instead.
public final class ActionRecorder: @unchecked Sendable {
    // @unchecked Sendable: `recorded` is only touched under its lock (ReSwift's `Locked`).
    private let recorded = Locked<[Action]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records an action. Thread-safe.
    ///
    /// - Parameter action: The action to record.
    public func record(_ action: Action) {
        recorded.withLock { $0.append(action) }
    }

    /// A dispatch function that records each action it receives, for
    /// `store.dispatchFunction = recorder.dispatchFunction`.
    public var dispatchFunction: DispatchFunction {
        { [self] action in record(action) }
    }

    /// Replaces the store's dispatch function with this recorder: actions dispatched to the
    /// store are recorded instead of going through its middleware and reducer.
    ///
    /// - Parameter store: The store whose dispatches to record.
    public func capture<State>(_ store: Store<State>) {
        store.dispatchFunction = dispatchFunction
    }

    /// A middleware that records each action and passes it on, so the store still reduces it.
    ///
    /// Put it first in the store's middleware to see every action, thunks included.
    ///
    /// - Returns: The recording middleware.
    public func middleware<State>() -> Middleware<State> {
        return { _, _ in
            return { next in
                return { [self] action in
                    record(action)
                    next(action)
                }
            }
        }
    }

    /// Every action recorded so far, in order.
    public var actions: [Action] {
        recorded.withLock { $0 }
    }

    /// The number of actions recorded so far.
    public var count: Int {
        recorded.withLock { $0.count }
    }

    /// Whether no action was recorded.
    public var isEmpty: Bool {
        recorded.withLock { $0.isEmpty }
    }

    /// The recorded actions of one type, in order.
    ///
    /// - Parameter type: The action type, e.g. `Increment.self`.
    /// - Returns: The actions of that type.
    public func actions<A: Action>(ofType type: A.Type) -> [A] {
        recorded.withLock { $0.compactMap { $0 as? A } }
    }

    /// The first recorded action of a type.
    ///
    /// - Parameter type: The action type.
    /// - Returns: The first action of that type, or `nil` if none was recorded.
    public func first<A: Action>(_ type: A.Type) -> A? {
        recorded.withLock { actions in actions.lazy.compactMap { $0 as? A }.first }
    }

    /// The last recorded action of a type.
    ///
    /// - Parameter type: The action type.
    /// - Returns: The last action of that type, or `nil` if none was recorded.
    public func last<A: Action>(_ type: A.Type) -> A? {
        recorded.withLock { actions in actions.reversed().lazy.compactMap { $0 as? A }.first }
    }

    /// The number of recorded actions of a type.
    ///
    /// - Parameter type: The action type.
    /// - Returns: How many actions of that type were recorded.
    public func count<A: Action>(of type: A.Type) -> Int {
        actions(ofType: type).count
    }

    /// Whether an action equal to `action` was recorded.
    ///
    /// - Parameter action: The action to look for.
    /// - Returns: `true` if an equal action of the same type was recorded.
    public func contains<A: Action & Equatable>(_ action: A) -> Bool {
        recorded.withLock { $0.contains { ($0 as? A) == action } }
    }

    /// The names of the recorded actions' types, in order: handy in failure messages.
    public var typeNames: [String] {
        recorded.withLock { $0.map { "\(type(of: $0))" } }
    }

    /// Forgets every recorded action.
    public func removeAll() {
        recorded.withLock { $0.removeAll() }
    }

    /// Waits until at least `count` actions were recorded, for actions dispatched later from
    /// another thread or task.
    ///
    /// - Parameters:
    ///   - count: The number of actions to wait for.
    ///   - timeout: How long to wait at most, in seconds.
    /// - Returns: `true` if that many actions were recorded in time.
    public func waitForActions(count: Int, timeout: TimeInterval = 1) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while self.count < count {
            guard Date() < deadline, !Task.isCancelled else { return false }
            try? await Task.sleep(nanoseconds: pollInterval)
        }
        return true
    }
}

/// How often async waits check again, in nanoseconds.
let pollInterval: UInt64 = 1_000_000
