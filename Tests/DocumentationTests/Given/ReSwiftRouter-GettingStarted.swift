// What the later sections of ReSwiftRouter's Getting Started take as given: the state, reducer
// and Routable of its first sections, the store and the root Routable. (`nonisolated(unsafe)`: a
// global of a non-Sendable class, which the snippets only use from one thread.)
import ReSwift
import ReSwiftRouter

struct AppState: HasNavigationState {
    var navigationState = NavigationState()
    var books: [String] = []
}

func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    return state
}

final class ScreenStack: Routable {
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

let store = Store<AppState>(reducer: appReducer, state: nil)
nonisolated(unsafe) let stack = ScreenStack()
