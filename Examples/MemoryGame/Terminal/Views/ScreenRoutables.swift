import MemoryGameModel
import ReSwiftRouter

/// Shows a screen when the router asks for it. The app's implementation hops to the event loop,
/// switches the screen (which subscribes to its slice) and then calls `completion`.
public protocol ScreenPresenter: Sendable {
    /// Shows `screen`, then calls `completion`.
    ///
    /// - Parameters:
    ///   - screen: The screen to show.
    ///   - completion: Called once the screen is shown, on any thread.
    func present(_ screen: Screen, completion: @escaping @Sendable () -> Void)
}

/// The root Routable: it shows the menu, the route's first segment.
public struct RootRoutable: Routable {
    let presenter: any ScreenPresenter

    /// Creates the root Routable.
    ///
    /// - Parameter presenter: Shows the screens.
    public init(presenter: any ScreenPresenter) {
        self.presenter = presenter
    }

    /// Shows the menu for the `"menu"` segment.
    public func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        presenter.present(.menu, completion: completionHandler)
        return MenuRoutable(presenter: presenter)
    }

    /// Nothing is shown below the root once the menu is gone: the app is ending.
    public func popRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        completionHandler()
    }
}

/// The menu's Routable: it shows the categories or the game below the menu, and the menu again
/// when they are popped.
public struct MenuRoutable: Routable {
    let presenter: any ScreenPresenter

    /// Shows the categories (`"categories"`) or the game (`"game"`).
    public func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        presenter.present(Self.screen(for: routeElementIdentifier), completion: completionHandler)
        return ScreenRoutable()
    }

    /// Shows the menu again.
    public func popRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        presenter.present(.menu, completion: completionHandler)
    }

    /// Switches between the categories and the game.
    public func changeRouteSegment(
        _ from: RouteElement, to: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        presenter.present(Self.screen(for: to), completion: completionHandler)
        return ScreenRoutable()
    }

    /// The screen of a segment below the menu; the app only routes to its own segments, and any
    /// other shows the menu.
    private static func screen(for segment: RouteElement) -> Screen {
        Screen(route: [Routes.menu, segment]) ?? .menu
    }
}

/// The Routable of a screen with nothing below it; any step asked of it is reported by the
/// router as a missing step.
public struct ScreenRoutable: Routable {}
