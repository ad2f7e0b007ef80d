/// The navigation part of an app's state: where the app is, and data that belongs to routes.
///
/// Keep one in your app state (see ``HasNavigationState``), reduce it with
/// ``NavigationReducer/handleAction(_:state:)``, and change it with ``SetRouteAction`` and
/// ``SetRouteSpecificData``. A ``Router`` watches it and drives your ``Routable``s to match.
///
/// ```swift
/// struct AppState: HasNavigationState {
///     var navigationState = NavigationState()
/// }
///
/// func appReducer(action: Action, state: AppState?) -> AppState {
///     var state = state ?? AppState()
///     state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
///     return state
/// }
/// ```
public struct NavigationState {
    /// The route the app is at, or is on its way to while a ``Router`` drives the transition.
    public var route: Route = []

    /// Data stored for routes with ``SetRouteSpecificData``, keyed by the route's ``RouteHash``.
    ///
    /// Read it with ``getRouteSpecificState(_:)``.
    public var routeSpecificState: [RouteHash: Any] = [:]

    /// Whether the last ``SetRouteAction`` asked for an animated transition.
    var changeRouteAnimated: Bool = true

    /// Whether the last ``SetRouteAction`` asked the router to skip its pops, until an
    /// ``EnablePopAction``.
    var disablePopAction: Bool = false

    /// Whether the last ``SetRouteAction`` recorded navigation the user already did on screen
    /// (``SetRouteAction/userNavigated(to:)``), which the ``Router`` must not repeat.
    var routeChangedByUser: Bool = false

    /// Counts the ``SetRouteAction``s reduced into this state, so that a ``Router`` recognises a
    /// new request even when its route equals the previous one.
    var routeRequestCount: UInt64 = 0

    /// Creates the navigation state of an app at the root route, without route-specific data.
    public init() {}

    /// Returns the data stored for a route with ``SetRouteSpecificData``.
    ///
    /// ```swift
    /// store.dispatch(SetRouteSpecificData(route: ["books", "detail"], data: book))
    /// let book: Book? = store.state.navigationState.getRouteSpecificState(["books", "detail"])
    /// ```
    ///
    /// - Parameter route: The route the data was stored for.
    /// - Returns: The data, or `nil` if none was stored for the route or it isn't a `T`.
    public func getRouteSpecificState<T>(_ route: Route) -> T? {
        routeSpecificState[RouteHash(route: route)] as? T
    }
}
