// Stores whose subscribers dispatch from `newState`, run in a process of their own.
//
//   store-deferral-fixture SCENARIO
//
// Runs one scenario (the names are in `scenarios` below) and prints, one line each, what the
// subscribers, the middleware, the logger, the instrumentation or the routables saw, then
// "done". A store whose deferred dispatches break its own bookkeeping stops on an internal
// precondition: in a test process that crash would take every other test with it (and its crash
// report can stall the run), so the tests of these scenarios (NestedDispatchTests and one test
// each in StoreBatchTests, StoreInstrumentationTests, LoggingMiddlewareTests and RouterTests)
// run this program with a deadline (TestSupport's `storeDeferralScenario`) and compare its lines.

import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store with the logging middleware whose subscriber, seeing the value 1, renames it with
/// `send`; then the names the subscriber saw and the last.
@MainActor func renameAtOne(_ send: @escaping (Store<Count>, Action) -> Void) {
    let store = Store(reducer: reduce, state: Count(), middleware: [loggingMiddleware()])
    let subscriber = Subscriber()
    subscriber.onNewState = { state in
        if state.value == 1, state.name != "one" { send(store, SetName(name: "one")) }
    }
    store.subscribe(subscriber)
    store.dispatch(Increment())
    say("names \(subscriber.seen.map(\.name).joined(separator: " "))")
    say("returned \(store.state.name)")
}

/// Each scenario: a store, subscribers that dispatch from `newState`, one outer dispatch.
let scenarios: [String: () -> Void] = [
    // Two subscribers; the first dispatches at 1 (deferred), then a batch of two at 2.
    "deferral-and-batch": {
        let store = Store(reducer: reduce, state: Count(), middleware: [loggingMiddleware()])
        let first = Subscriber("first")
        let second = Subscriber("second")
        first.onNewState = { state in
            if state.value == 1 { store.dispatch(Increment()) }
            if state.value == 2 {
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
    },
    // Five subscribers, every other one dispatching in reaction to the same states: each says
    // the values it saw, in order.
    "many-subscribers": {
        let store = Store(reducer: reduce, state: Count())
        let subscribers = (0..<5).map { _ in Subscriber() }
        for (index, subscriber) in subscribers.enumerated() {
            subscriber.onNewState = { state in
                if state.value < 6, index % 2 == 0 { store.dispatch(Increment()) }
            }
            store.subscribe(subscriber)
        }
        store.dispatch(Increment())
        for (index, subscriber) in subscribers.enumerated() {
            say("subscriber \(index) saw \(subscriber.seen.map { String($0.value) }.joined(separator: " "))")
        }
        say("returned \(store.state.value)")
    },
    // A subscriber dispatches an action that only changes the name; the middleware sees it.
    "through-middleware": { renameAtOne { store, action in store.dispatch(action) } },
    // The same through `dispatchFunction`, the chain itself, as ReSwift code calls it: the action
    // passes the middleware at once and waits at the reducer until the notification is over.
    "dispatch-function": { renameAtOne { store, action in store.dispatchFunction(action) } },
    // A subscriber dispatches from each state up to 10: all before the outer dispatch returns.
    "up-to-ten": {
        let store = Store(reducer: reduce, state: Count())
        let subscriber = Subscriber()
        subscriber.onNewState = { state in
            if state.value > 0, state.value < 10 { store.dispatch(Increment()) }
        }
        store.subscribe(subscriber)
        store.dispatch(Increment())
        say("returned \(store.state.value)")
        say("saw \(subscriber.seen.map { String($0.value) }.joined(separator: " "))")
    },
    // At 1 the first of two subscribers opens a batch of two, then dispatches one more: after the
    // notification the batch runs as one batch (one notification), then the last action alone.
    "batch-then-one": {
        let store = Store(reducer: reduce, state: Count(), middleware: [loggingMiddleware()])
        let first = Subscriber("first")
        let second = Subscriber("second")
        first.onNewState = { state in
            guard state.value == 1, state.log.isEmpty else { return }
            store.batch {
                store.dispatch(Echo(tag: "a"))
                store.dispatch(Echo(tag: "b"))
            }
            store.dispatch(Echo(tag: "after"))
        }
        store.subscribe(first)
        store.subscribe(second)
        say("dispatch")
        store.dispatch(Increment())
        say("returned \(store.state.value) \(store.state.log.joined(separator: ","))")
    },
    // ReSwiftDevTools' instrumentation and logger, and ReSwiftRouter's router (their files).
    "instrumented": { instrumentedDeferral() },
    "instrumented-nesting": { instrumentedNesting() },
    "logged": { loggedDeferral() },
    "routable-dispatches": { routableDispatches() },
]

let name = CommandLine.arguments.dropFirst().first ?? ""
guard let scenario = scenarios[name] else {
    let message = "store-deferral-fixture: no scenario '\(name)'; give one of \(scenarios.keys.sorted())\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
scenario()
say("done")
