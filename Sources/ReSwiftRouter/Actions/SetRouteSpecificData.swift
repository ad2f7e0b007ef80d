import ReSwift

/// Stores data that belongs to a route in ``NavigationState/routeSpecificState``, such as the item
/// a detail screen shows.
///
/// ```swift
/// store.dispatch(SetRouteSpecificData(route: ["books", "detail"], data: book))
/// let book: Book? = store.state.navigationState.getRouteSpecificState(["books", "detail"])
/// ```
///
/// Dispatching it again for the same route replaces the data.
public struct SetRouteSpecificData: Action {
    /// The route the data belongs to.
    public let route: Route

    /// The data to store.
    public let data: Any

    /// Creates an action that stores data for a route.
    ///
    /// - Parameters:
    ///   - route: The route the data belongs to.
    ///   - data: The data to store; read it back with ``NavigationState/getRouteSpecificState(_:)``.
    public init(route: Route, data: Any) {
        self.route = route
        self.data = data
    }
}
