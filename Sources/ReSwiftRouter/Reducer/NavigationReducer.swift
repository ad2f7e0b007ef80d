import ReSwift

/// The reducer of ``NavigationState``: applies ``SetRouteAction``, ``SetRouteSpecificData`` and
/// ``EnablePopAction``.
///
/// Call it from your app's reducer for the navigation slice:
///
/// ```swift
/// func appReducer(action: Action, state: AppState?) -> AppState {
///     var state = state ?? AppState()
///     state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
///     return state
/// }
/// ```
public enum NavigationReducer {
    /// Computes the next navigation state.
    ///
    /// - Parameters:
    ///   - action: The action being reduced; other actions leave the state unchanged.
    ///   - state: The current navigation state, or `nil` for a new ``NavigationState``.
    /// - Returns: The next navigation state.
    public static func handleAction(_ action: Action, state: NavigationState?) -> NavigationState {
        var state = state ?? NavigationState()
        switch action {
        case let action as SetRouteAction:
            state.route = action.route
            state.changeRouteAnimated = action.animated
            state.disablePopAction = action.disablePopAction
            state.routeChangedByUser = action.isUserNavigation
            state.routeRequestCount &+= 1
        case let action as SetRouteSpecificData:
            state.routeSpecificState[RouteHash(route: action.route)] = action.data
        case is EnablePopAction:
            state.disablePopAction = false
        default:
            break
        }
        return state
    }
}
