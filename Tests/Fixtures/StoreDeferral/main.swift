// A store whose subscribers dispatch from `newState`, run in a process of its own.
//
//   store-deferral-fixture
//
// Prints, one line each, what the subscribers and the middleware saw, then "done". A store whose
// deferred dispatches break its own bookkeeping stops on an internal precondition: in a test
// process that crash would take every other test with it (and its crash report can stall the
// run), so StoreDeferralProcessTests runs this program with a deadline and compares its lines.

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

struct Count { var value = 0 }
struct Increment: Action {}
struct Batched: Action {}

func reduce(_ action: Action, _ state: inout Count) {
    if action is Increment || action is Batched { state.value += 1 }
}

final class Subscriber: StoreSubscriber {
    let name: String
    var onNewState: (Int) -> Void = { _ in }
    init(_ name: String) { self.name = name }
    func newState(state: Count) {
        say("\(name) \(state.value)")
        onNewState(state.value)
    }
}

let logging: Middleware<Count> = { _, _ in
    { next in
        { action in
            say("middleware \(type(of: action))")
            next(action)
        }
    }
}

let store = Store(reducer: reduce, state: Count(), middleware: [logging])
let first = Subscriber("first")
let second = Subscriber("second")
first.onNewState = { value in
    if value == 1 { store.dispatch(Increment()) }
    if value == 2 {
        store.batch {
            store.dispatch(Batched())
            store.dispatch(Batched())
        }
    }
}
store.subscribe(first)
store.subscribe(second)
say("dispatch")
store.dispatch(Increment())
say("returned \(store.state.value)")
say("done")
