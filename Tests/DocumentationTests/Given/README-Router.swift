// What README's ReSwiftRouter snippet takes as given: a state with a route, its reducer, a root
// Routable and the store.
import ReSwift
import ReSwiftRouter

struct AppState: HasNavigationState { var navigationState = NavigationState() }
func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    return state
}
final class RootRoutable: Routable {
    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        completion()
        return self
    }
    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        completion()
    }
    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        completion()
        return self
    }
}
let store = Store<AppState>(reducer: appReducer, state: nil)
