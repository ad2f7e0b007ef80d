import Dispatch
import Foundation
import ReSwift
import ReSwiftRouter
import TestSupport
import Testing

// A Routable written for ReSwift-Router's main branch: the three steps named push, pop and change,
// each taking a `completion: @escaping RoutingCompletion`, and calling it later, as an animation
// would.

private struct AppState: StateType, HasNavigationState {
    var navigationState = NavigationState()
}

private func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    return state
}

/// What the screens did, in order; shared by a tree of screens.
private final class ScreenLog: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let lock = NSLock()
    private var entries: [String] = []

    var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func record(_ call: String) {
        lock.lock()
        entries.append(call)
        lock.unlock()
    }
}

/// Runs a step's "animation" on another thread, then calls its completion.
private let animations = DispatchQueue(label: "main-branch-animations")

/// A screen that shows the segment below it with an animation.
private final class Screen: Routable {
    let name: String
    let log: ScreenLog

    init(name: String, log: ScreenLog) {
        self.name = name
        self.log = log
    }

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("\(name).push(\(element), animated: \(animated))")
        animations.async { completion() }
        return Screen(name: element, log: log)
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        log.record("\(name).pop(\(element), animated: \(animated))")
        animations.async { completion() }
    }

    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        log.record("\(name).change(\(from) → \(to), animated: \(animated))")
        animations.async { completion() }
        return Screen(name: to, log: log)
    }
}

/// A main-branch Routable that spells the completion's type out, as `RoutingCompletion` is
/// `() -> Void` upstream.
private struct PlainClosureScreen: Routable {
    let log: ScreenLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping () -> Void) -> Routable {
        log.record("push(\(element))")
        completion()
        return self
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping () -> Void) {
        log.record("pop(\(element))")
        completion()
    }

    func change(_ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping () -> Void)
        -> Routable
    {
        log.record("change(\(from) → \(to))")
        completion()
        return self
    }
}

/// Waits, with a deadline of 10 s, until the router shows `route` and is idle.
private func arrives<State>(
    _ router: Router<State>, at route: Route, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await eventually("the router to show \(route)", sourceLocation: sourceLocation) {
        router.currentRoute == route && !router.isTransitioning
    }
}

@Suite(.timeLimit(.minutes(3))) struct RouterMainBranchTests {
    @Test func aMainBranchRoutableIsDrivenThroughPushChangeAndPop() async throws {
        let log = ScreenLog()
        let store = Store<AppState>(reducer: appReducer, state: nil)
        let router = Router(store: store, rootRoutable: Screen(name: "root", log: log)) {
            $0.select { $0.navigationState }
        }

        store.dispatch(SetRouteAction(["tabs", "books"]))
        try await arrives(router, at: ["tabs", "books"])
        store.dispatch(SetRouteAction(["tabs", "settings"], animated: false))
        try await arrives(router, at: ["tabs", "settings"])
        store.dispatch(SetRouteAction(["tabs"]))
        try await arrives(router, at: ["tabs"])
        store.dispatch(SetRouteAction([]))
        try await arrives(router, at: [])

        #expect(
            log.calls == [
                "root.push(tabs, animated: true)",
                "tabs.push(books, animated: true)",
                "tabs.change(books → settings, animated: false)",
                "tabs.pop(settings, animated: true)",
                "root.pop(tabs, animated: true)",
            ])
    }

    @Test func aRoutableDeclaringAPlainClosureCompletionConformsAndIsDriven() {
        let log = ScreenLog()
        let store = Store<AppState>(reducer: appReducer, state: nil)
        let router = Router(store: store, rootRoutable: PlainClosureScreen(log: log)) {
            $0.select { $0.navigationState }
        }
        store.dispatch(SetRouteAction(["a"]))
        store.dispatch(SetRouteAction(["b"]))
        store.dispatch(SetRouteAction([]))
        #expect(log.calls == ["push(a)", "change(a → b)", "pop(b)"])
        #expect(router.currentRoute == [])
    }

    @Test func routeHashesCompareWithTheGlobalOperator() {
        let equal: (RouteHash, RouteHash) -> Bool = (==)
        #expect(equal(RouteHash(route: ["a", "b"]), RouteHash(route: ["a", "b"])))
        #expect(!equal(RouteHash(route: ["a", "b"]), RouteHash(route: ["a/b"])))
        #expect(RouteHash(route: ["a"]) != RouteHash(route: ["b"]))
    }
}
