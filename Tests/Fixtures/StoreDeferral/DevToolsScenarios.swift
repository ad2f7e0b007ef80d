// Scenarios with ReSwiftDevTools: what its instrumentation and its logger report of an action a
// subscriber dispatched from `newState`.

import ReSwift
import ReSwiftDevTools

/// Says each measurement the store reports: the action, and what dispatched it.
final class MeasurementPrinter: StoreInstrumentation {
    func storeDidDispatch(_ measurement: DispatchMeasurement) {
        let origin =
            switch measurement.origin.parent {
            case .subscriber(let type)?: "deferred by a subscriber of \(type)"
            case .middleware(let type)?: "dispatched by the middleware of \(type)"
            case nil: "dispatched by the caller"
            }
        say("measured \(measurement.actionTypeName), \(origin)")
    }
}

/// A subscriber renames the counter at 1, a dispatch from `newState` that the store defers:
/// `action` is dispatched to a store with `middleware` (and, when `instrumented`, the printer),
/// then the name the dispatch returned with is said.
@MainActor func renameAtOne(
    after action: Action, middleware: [Middleware<Count>] = [], instrumented: Bool = false
) {
    let store = Store(reducer: reduce, state: Count(), middleware: middleware)
    if instrumented { store.instrumentation = MeasurementPrinter() }
    let subscriber = Subscriber()
    subscriber.onNewState = { state in
        if state.value == 1, state.name != "one" { store.dispatch(SetName(name: "one")) }
    }
    store.subscribe(subscriber)
    store.dispatch(action)
    say("returned \(store.state.name)")
}

/// The instrumentation reports the rename after the action that made the state, as deferred by
/// one of its subscribers.
@MainActor func instrumentedDeferral() {
    renameAtOne(after: Increment(), instrumented: true)
}

struct Kickoff: Action {}
struct FollowUp: Action {}

/// Reports at every depth: Kickoff's middleware dispatches FollowUp, whose middleware dispatches
/// Increment; Increment's notification defers the rename. After Kickoff's own notification, its
/// middleware dispatches one more Increment. Each is reported once it is done, inner first.
@MainActor func instrumentedNesting() {
    let nesting: Middleware<Count> = { dispatch, _ in
        { next in
            { action in
                if action is Kickoff { dispatch(FollowUp()) }
                if action is FollowUp { dispatch(Increment()) }
                next(action)
                if action is Kickoff { dispatch(Increment()) }
            }
        }
    }
    renameAtOne(after: Kickoff(), middleware: [nesting], instrumented: true)
}

/// The logging middleware shows the rename after the action that made the state, with its
/// change from that state.
@MainActor func loggedDeferral() {
    renameAtOne(
        after: Increment(), middleware: [createLoggingMiddleware(to: .closure { say($0) }, color: .never)])
}
