import ReSwift
import ReSwiftRouter
import Testing

// The README's ReSwiftRouter snippet ("The modules", `ReSwiftRouter`), as written, in a function
// body. Keep the two in step: a change to the README's snippet belongs here too.

@Suite struct ReadmeRouterTests {
    @Test func theRouterSnippetPushesThenChanges() {
        // What the snippet takes as given: a state with a route, its reducer, a root Routable.
        struct AppState: HasNavigationState { var navigationState = NavigationState() }
        func appReducer(action: Action, state: AppState?) -> AppState {
            var state = state ?? AppState()
            state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
            return state
        }
        final class RootRoutable: Routable {
            func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion)
                -> Routable
            {
                completion()
                return self
            }
            func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
                completion()
            }
            func change(
                _ from: RouteElement, to: RouteElement, animated: Bool,
                completion: @escaping RoutingCompletion
            ) -> Routable {
                completion()
                return self
            }
        }
        let store = Store<AppState>(reducer: appReducer, state: nil)

        // README snippet, verbatim:
        let router = Router(store: store, rootRoutable: RootRoutable()) { $0.select { $0.navigationState } }
        store.dispatch(SetRouteAction(["books", "detail"]))  // pushes "books", then "detail"
        store.dispatch(SetRouteAction(["settings"]))  // pops "detail", changes "books" to "settings"
        // End of the snippet.

        #expect(router.currentRoute == ["settings"])
        #expect(store.state.navigationState.route == ["settings"])
    }
}
