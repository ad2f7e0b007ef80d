import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDiff

/// Creates a middleware that logs each action and the changes it made to the state.
///
/// Each entry is the action, then one line per difference, as `ReSwiftDiff` renders
/// them:
///
/// ```text
/// ▸ AddTodo(title: "milk")
///   + todos[2]: Todo(title: "milk", isDone: false)
///     visibleCount: 2 → 3
/// ```
///
/// When the dispatch carried a call site (see `DispatchOrigin/current`), the action's line ends
/// with it: `▸ AddTodo(title: "milk")  from TodoTerminal/TodoCommand.swift:42`.
///
/// Put it last in the middleware list to log only what reaches the reducer; put it first to also
/// see thunks. An action dispatched while another is in progress (by a thunk, or by a subscriber)
/// gets its own entry: the outer action's entry shows the changes made before the inner action
/// started, and any made after the inner one finished appear under `(continued)`.
///
/// ```swift
/// let store = Store(
///     reducer: appReducer,
///     state: nil,
///     middleware: [createLoggingMiddleware()]
/// )
/// ```
///
/// - Parameters:
///   - sink: Where entries go; standard error by default.
///   - color: Whether to colour the output; by default only on a terminal and when `NO_COLOR` is
///     not set.
///   - environment: The environment ``LogColor/automatic`` consults; the process's by default.
///   - shouldLog: Which actions to log; all by default. Actions not logged still pass on.
/// - Returns: The middleware.
public func createLoggingMiddleware<State>(
    to sink: LogSink = .standardError,
    color: LogColor = .automatic,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    where shouldLog: @escaping (Action) -> Bool = { _ in true }
) -> Middleware<State> {
    createLoggingMiddleware(
        selecting: { (state: State) in state },
        to: sink,
        color: color,
        environment: environment,
        where: shouldLog
    )
}

/// Creates a middleware that logs each action and the changes it made to a part of the state.
///
/// Use it to leave out parts of the state that are large or noisy, or to log the present state of
/// a ``TimeTravelState`` rather than its whole history:
///
/// ```swift
/// let logger: Middleware<TimeTravelState<AppState>> = createLoggingMiddleware(selecting: \.current)
/// ```
///
/// - Parameters:
///   - select: The part of the state to compare before and after each action.
///   - sink: Where entries go; standard error by default.
///   - color: Whether to colour the output; by default only on a terminal and when `NO_COLOR` is
///     not set.
///   - environment: The environment ``LogColor/automatic`` consults; the process's by default.
///   - shouldLog: Which actions to log; all by default. Actions not logged still pass on.
/// - Returns: The middleware.
public func createLoggingMiddleware<State, Logged>(
    selecting select: @escaping (State) -> Logged,
    to sink: LogSink = .standardError,
    color: LogColor = .automatic,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    where shouldLog: @escaping (Action) -> Bool = { _ in true }
) -> Middleware<State> {
    let colored = color.isEnabled(for: sink, environment: environment)
    return { _, getState in
        let log = ActionLog<Logged>(sink: sink, colored: colored) { getState().map(select) }
        return { next in
            return { action in
                guard shouldLog(action) else {
                    next(action)
                    return
                }
                log.begin(action, callSite: DispatchOrigin.current?.callSite)
                next(action)
                log.end()
            }
        }
    }
}

/// The log of one store: which actions are in progress, and the state each one started from.
///
/// A store runs its middleware under its dispatch lock, so calls come one at a time; the lock
/// here keeps the bookkeeping consistent even if a caller bypasses the store.
final class ActionLog<Logged> {
    /// An action whose dispatch has begun and not yet returned.
    private struct Frame {
        var action: String
        /// Where the action was dispatched from, when the dispatch said.
        var callSite: CallSite?
        /// The state when this action began, or resumed after a nested action.
        var since: Logged?
        /// Whether this action's line was printed already (because a nested action began).
        var isPrinted = false
    }

    private let sink: LogSink
    private let colored: Bool
    private let currentState: () -> Logged?
    /// The actions in progress, outermost first; lives inside its lock.
    private let frames = Locked<[Frame]>([])

    init(sink: LogSink, colored: Bool, currentState: @escaping () -> Logged?) {
        self.sink = sink
        self.colored = colored
        self.currentState = currentState
    }

    func begin(_ action: Action, callSite: CallSite? = nil) {
        let now = currentState()
        frames.withLock { frames in
            if let outer = frames.indices.last {
                // The outer action's changes so far belong to it; print them before this one.
                printSegment(of: &frames[outer], upTo: now)
            }
            frames.append(Frame(action: StateDiff.describe(action), callSite: callSite, since: now))
        }
    }

    func end() {
        let now = currentState()
        frames.withLock { frames in
            guard var frame = frames.popLast() else {
                preconditionFailure("Internal inconsistency: an action ended that never began")
            }
            printSegment(of: &frame, upTo: now)
            if let outer = frames.indices.last {
                frames[outer].since = now
            }
        }
    }

    private func printSegment(of frame: inout Frame, upTo now: Logged?) {
        let differences = StateDiff.differences(frame.since, now)
        defer {
            frame.isPrinted = true
            frame.since = now
        }
        if frame.isPrinted && differences.isEmpty { return }

        let title = frame.isPrinted ? frame.action + " (continued)" : frame.action
        var heading = paint("▸ " + title, LogStyle.bold)
        if let callSite = frame.callSite {
            heading += paint("  from \(callSite)", LogStyle.dim)
        }
        var lines = [heading]
        if differences.isEmpty {
            lines.append(paint("  (no state change)", LogStyle.dim))
        } else {
            let rendered = StateDiff.render(differences, colored: colored)
            for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append("  " + line)
            }
        }
        sink.write(lines.joined(separator: "\n"))
    }

    private func paint(_ text: String, _ style: String) -> String {
        colored ? style + text + LogStyle.reset : text
    }
}

/// The ANSI styles of a log entry's own lines (the differences bring their own colours).
private enum LogStyle {
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let reset = "\u{1B}[0m"
}
