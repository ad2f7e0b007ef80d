import Dispatch
import Foundation
import ReSwift
import ReSwiftRouter
import TestSupport
import Testing

// A Routable written for ReSwift-Router 0.7.1: the three steps named pushRouteSegment,
// popRouteSegment and changeRouteSegment, each taking a
// `completionHandler: @escaping RoutingCompletionHandler`, with the state reduced the way that
// release's README shows.

private struct AppState: StateType {
    var navigationState: NavigationState
}

private struct AppReducer {
    func handleAction(action: Action, state: AppState?) -> AppState {
        return AppState(
            navigationState: NavigationReducer.handleAction(action, state: state?.navigationState)
        )
    }
}

/// What the view controllers did, in order.
private final class Calls: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let lock = NSLock()
    private var entries: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func append(_ call: String) {
        lock.lock()
        entries.append(call)
        lock.unlock()
    }
}

private final class ViewController: Routable {
    let identifier: RouteElementIdentifier
    let calls: Calls

    init(identifier: RouteElementIdentifier, calls: Calls) {
        self.identifier = identifier
        self.calls = calls
    }

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        calls.append("\(identifier) pushes \(routeElementIdentifier)")
        DispatchQueue.global().async { completionHandler() }
        return ViewController(identifier: routeElementIdentifier, calls: calls)
    }

    func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        calls.append("\(identifier) pops \(routeElementIdentifier)")
        DispatchQueue.global().async { completionHandler() }
    }

    func changeRouteSegment(
        _ from: RouteElementIdentifier,
        to: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        calls.append("\(identifier) changes \(from) to \(to)")
        DispatchQueue.global().async { completionHandler() }
        return ViewController(identifier: to, calls: calls)
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

@Suite(.timeLimit(.minutes(3))) struct RouterReleaseTests {
    @Test func aReleasedRoutableIsDrivenThroughPushChangeAndPop() async throws {
        let calls = Calls()
        let store = Store<AppState>(reducer: AppReducer().handleAction, state: nil)
        let router = Router(store: store, rootRoutable: ViewController(identifier: "root", calls: calls)) {
            $0.select { $0.navigationState }
        }

        store.dispatch(SetRouteAction(["tabs", "books"]))
        try await arrives(router, at: ["tabs", "books"])
        store.dispatch(SetRouteAction(["tabs", "settings"]))
        try await arrives(router, at: ["tabs", "settings"])
        store.dispatch(SetRouteAction(["tabs"]))
        try await arrives(router, at: ["tabs"])
        store.dispatch(SetRouteAction([]))
        try await arrives(router, at: [])

        #expect(
            calls.all == [
                "root pushes tabs",
                "tabs pushes books",
                "tabs changes books to settings",
                "tabs pops settings",
                "root pops tabs",
            ])
    }

    @Test func routeSpecificDataIsKeyedByRouteHash() {
        let store = Store<AppState>(reducer: AppReducer().handleAction, state: nil)
        store.dispatch(SetRouteSpecificData(route: ["books", "detail"], data: "Dune"))
        let title: String? = store.state.navigationState.getRouteSpecificState(["books", "detail"])
        #expect(title == "Dune")
        #expect(
            store.state.navigationState.routeSpecificState.keys.contains { hash in
                hash == RouteHash(route: ["books", "detail"])
            })
    }
}
