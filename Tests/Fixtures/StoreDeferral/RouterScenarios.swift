// A scenario with ReSwiftRouter: the router is a subscriber, so a routable that dispatches while
// it is called dispatches from `newState`.

import ReSwift
import ReSwiftRouter

struct RoutedState: HasNavigationState {
    var navigationState = NavigationState()
}

func reduceRouted(action: Action, state: RoutedState?) -> RoutedState {
    var state = state ?? RoutedState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    return state
}

/// Stores route-specific data while it pushes, and says so.
struct DispatchingRoutable: Routable {
    let store: Store<RoutedState>

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        say("push \(routeElementIdentifier)")
        store.dispatch(SetRouteSpecificData(route: [routeElementIdentifier], data: "shown"))
        completionHandler()
        return self
    }
}

/// Routes to ["a"] through a routable that dispatches while it pushes: the route, and the data it
/// stored, are there when the dispatch returns.
@MainActor func routableDispatches() {
    let store = Store<RoutedState>(reducer: reduceRouted, state: nil)
    let router = Router(store: store, rootRoutable: DispatchingRoutable(store: store)) {
        $0.select(\.navigationState)
    }
    store.dispatch(SetRouteAction(["a"]))
    say("route \(router.currentRoute.joined(separator: "/"))")
    let data: String? = store.state.navigationState.getRouteSpecificState(["a"])
    say("data \(data ?? "none")")
}
