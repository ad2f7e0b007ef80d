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

/// Whether two hashes stand for the same route, element by element.
///
/// ReSwift-Router declares this operator as a global function; it is declared the same way here,
/// so code that refers to it as a function compiles, and it is the one `RouteHash`'s `Equatable`
/// conformance uses.
///
/// - Parameters:
///   - lhs: A hash.
///   - rhs: Another hash.
/// - Returns: `true` when both hashes were created from equal routes.
public func == (lhs: RouteHash, rhs: RouteHash) -> Bool {
    lhs.route == rhs.route
}
