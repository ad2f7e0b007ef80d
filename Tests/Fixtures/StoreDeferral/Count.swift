// What every scenario shares: a counter with a name and a log, its actions, a subscriber and a
// middleware that say what they see.

import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints `line` and flushes it, so the lines before a failed precondition reach the test.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

struct Count {
    var value = 0
    var name = "counter"
    /// The tags of the `Echo` actions reduced, in order.
    var log: [String] = []
}
struct Increment: Action {}
struct Batched: Action {}
struct SetName: Action { var name: String }
/// Changes only the log, so each one makes a state of its own.
struct Echo: Action { var tag: String }

func reduce(_ action: Action, _ state: inout Count) {
    switch action {
    case is Increment, is Batched: state.value += 1
    case let action as SetName: state.name = action.name
    case let action as Echo: state.log.append(action.tag)
    default: break
    }
}

/// The action's type, and an `Echo`'s tag.
func describe(_ action: Action) -> String {
    if let echo = action as? Echo { return "Echo \(echo.tag)" }
    return "\(type(of: action))"
}

/// A subscriber that says what it saw (when it has a name: the value, and the log when there
/// is one) and keeps it.
final class Subscriber: StoreSubscriber {
    let name: String?
    private(set) var seen: [Count] = []
    var onNewState: (Count) -> Void = { _ in }
    init(_ name: String? = nil) { self.name = name }
    func newState(state: Count) {
        if let name {
            say("\(name) \(state.value)" + (state.log.isEmpty ? "" : " " + state.log.joined(separator: ",")))
        }
        seen.append(state)
        onNewState(state)
    }
}

/// A middleware that says each action it sees.
func loggingMiddleware() -> Middleware<Count> {
    { _, _ in
        { next in
            { action in
                say("middleware \(describe(action))")
                next(action)
            }
        }
    }
}
