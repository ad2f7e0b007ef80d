import ReSwift
import ReSwiftRouter
import Testing

// The code of the GettingStarted article, compiled and run.

private struct AppState: HasNavigationState {
    var navigationState = NavigationState()
    var books: [String] = []
}

private func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    return state
}

private final class ScreenStack: Routable {
    private(set) var screens: [String] = []

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        screens.append(element)
        completion()
        return self
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        screens.removeLast()
        completion()
    }

    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        screens[screens.count - 1] = to
        completion()
        return self
    }
}

private final class LegacyScreenStack: Routable {
    private(set) var screens: [String] = []

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        screens.append(routeElementIdentifier)
        completionHandler()
        return self
    }

    func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        screens.removeLast()
        completionHandler()
    }
}

@Suite struct GettingStartedTests {
    @Test func theArticlesExampleWorksAsDescribed() {
        let store = Store<AppState>(reducer: appReducer, state: nil)
        let stack = ScreenStack()
        let router = Router(store: store, rootRoutable: stack) { $0.select { $0.navigationState } }

        store.dispatch(SetRouteAction(["books", "detail"]))
        #expect(stack.screens == ["books", "detail"])
        store.dispatch(SetRouteAction(["settings"]))
        #expect(stack.screens == ["settings"])

        store.dispatch(SetRouteAction(["settings", "about"]))
        // The user pressed back; the screen already shows "settings".
        store.dispatch(SetRouteAction.userNavigated(to: ["settings"]))
        #expect(stack.screens == ["settings", "about"])
        #expect(store.state.navigationState.route == ["settings"])
        #expect(router.currentRoute == ["settings"])

        store.dispatch(SetRouteSpecificData(route: ["books", "detail"], data: "Dune"))
        let title: String? = store.state.navigationState.getRouteSpecificState(["books", "detail"])
        #expect(title == "Dune")
    }

    @Test func theArticles071RoutableWorksUnchanged() {
        let store = Store<AppState>(reducer: appReducer, state: nil)
        let stack = LegacyScreenStack()
        let router = Router(store: store, rootRoutable: stack) { $0.select { $0.navigationState } }

        store.dispatch(SetRouteAction(["books", "detail"]))
        #expect(stack.screens == ["books", "detail"])
        store.dispatch(SetRouteAction(["books"]))
        #expect(stack.screens == ["books"])
        #expect(router.currentRoute == ["books"])
    }
}
