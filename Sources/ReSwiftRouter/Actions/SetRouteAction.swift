import ReSwift

/// Sets the app's route: the ``Router`` then drives the ``Routable``s from the route they show to
/// this one.
///
/// ```swift
/// store.dispatch(SetRouteAction(["main", "settings"]))
/// store.dispatch(SetRouteAction(["main"], animated: false))
/// ```
///
/// To record navigation the user already did on screen (a back key, a system back button), so
/// that the router doesn't repeat it, dispatch ``userNavigated(to:)`` instead.
public struct SetRouteAction: Action, Equatable, Sendable {
    /// The route to go to.
    public let route: Route

    /// Whether the ``Routable``s should animate the transition.
    public let animated: Bool

    /// Whether the ``Router`` skips the transition's pops: it records them without asking the
    /// ``Routable``s to pop, and still performs the changes and pushes.
    public let disablePopAction: Bool

    /// Whether this action records navigation the user already did, rather than asking for it.
    ///
    /// `true` for actions made by ``userNavigated(to:)``.
    public let isUserNavigation: Bool

    /// The action's type name in ReSwift-Router, kept so that code naming it compiles.
    public static let type = "RE_SWIFT_ROUTER_SET_ROUTE"

    /// Creates an action that sets the route; the ``Router`` performs the transition.
    ///
    /// - Parameters:
    ///   - route: The route to go to.
    ///   - animated: Whether the ``Routable``s should animate the transition. Defaults to `true`.
    ///   - disablePopAction: Whether the router should skip the transition's pops, as
    ///     ReSwift-Router did for a system back button that already popped. Defaults to `false`.
    ///     ``userNavigated(to:)`` is the more precise way to record such navigation.
    public init(_ route: Route, animated: Bool = true, disablePopAction: Bool = false) {
        self.init(
            route: route, animated: animated, disablePopAction: disablePopAction, isUserNavigation: false)
    }

    init(route: Route, animated: Bool, disablePopAction: Bool, isUserNavigation: Bool) {
        self.route = route
        self.animated = animated
        self.disablePopAction = disablePopAction
        self.isUserNavigation = isUserNavigation
    }
}

extension SetRouteAction {
    /// Records navigation the user already did on screen: the state's route changes, and the
    /// ``Router`` calls no ``Routable`` for it.
    ///
    /// Use it when the screen changed by itself, such as after a system back button or a back key
    /// that your view handled directly:
    ///
    /// ```swift
    /// // The navigation controller already popped the detail screen.
    /// store.dispatch(SetRouteAction.userNavigated(to: ["books"]))
    /// ```
    ///
    /// It is meant for going back, to a route the router built (a prefix of the current one): the
    /// router keeps the ``Routable``s of the segments the two routes share. When the user went
    /// somewhere new, the router has no ``Routable`` for the segments it didn't build itself, and a
    /// later transition that needs one is reported as a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingRoutable``. For navigation the user starts, such as switching
    /// tabs, dispatch a plain ``SetRouteAction`` instead and make the Routable's step do nothing
    /// when the screen already shows the segment.
    ///
    /// If a transition is running when this arrives, the router finishes the step in progress,
    /// skips the transition's remaining steps and takes the user's route as the one on screen.
    ///
    /// - Parameter route: The route the screen shows now.
    /// - Returns: The action to dispatch.
    public static func userNavigated(to route: Route) -> SetRouteAction {
        SetRouteAction(route: route, animated: false, disablePopAction: false, isUserNavigation: true)
    }
}

extension SetRouteAction: Codable {
    private enum CodingKeys: String, CodingKey {
        case route, animated, disablePopAction, isUserNavigation
    }

    /// Decodes an action encoded by ``encode(to:)``, so that recorded sessions can replay
    /// navigation. Only `route` is required; the flags default to those of ``init(_:animated:disablePopAction:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `route` is missing or not an array of strings.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            route: try container.decode(Route.self, forKey: .route),
            animated: try container.decodeIfPresent(Bool.self, forKey: .animated) ?? true,
            disablePopAction: try container.decodeIfPresent(Bool.self, forKey: .disablePopAction) ?? false,
            isUserNavigation: try container.decodeIfPresent(Bool.self, forKey: .isUserNavigation) ?? false
        )
    }

    /// Encodes the route and the flags.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(route, forKey: .route)
        try container.encode(animated, forKey: .animated)
        try container.encode(disablePopAction, forKey: .disablePopAction)
        try container.encode(isUserNavigation, forKey: .isUserNavigation)
    }
}

/// Clears the `disablePopAction` flag a ``SetRouteAction`` left in the ``NavigationState``.
///
/// Kept so that code written for ReSwift-Router compiles. This package's ``Router`` doesn't need
/// it: the flag applies only to the transition of the action that set it.
public struct EnablePopAction: Action, Equatable, Codable, Sendable {
    /// Creates the action.
    public init() {}
}
