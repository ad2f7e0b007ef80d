/// One segment of a ``Route``: the identifier of a screen, tab or step, such as `"settings"`.
///
/// Each ``Routable`` decides what an element means for the segment it is responsible for.
public typealias RouteElement = String

/// The older name of ``RouteElement``, kept so that code written for ReSwift-Router compiles.
public typealias RouteElementIdentifier = RouteElement

/// A location in the app: the path of ``RouteElement``s from the root, outermost first.
///
/// The empty route `[]` is the root itself.
///
/// ```swift
/// let route: Route = ["main", "settings", "about"]
/// store.dispatch(SetRouteAction(route))
/// ```
public typealias Route = [RouteElement]
