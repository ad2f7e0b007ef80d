/// A hashable key for a ``Route``, used to store data that belongs to a route in
/// ``NavigationState/routeSpecificState``.
///
/// Two hashes are equal exactly when their routes are equal, element by element: `["a/b"]` and
/// `["a", "b"]` are different routes and have different hashes.
public struct RouteHash: Hashable, Sendable {
    /// The route this hash stands for.
    public let route: Route

    /// Creates the hash of a route.
    ///
    /// - Parameter route: The route whose data the hash is a key for.
    public init(route: Route) {
        self.route = route
    }
}

extension RouteHash: CustomStringConvertible {
    /// The route's elements, joined by slashes and starting with one, such as `/main/settings`.
    public var description: String {
        "/" + route.joined(separator: "/")
    }
}
