/// The function a ``Routable`` calls when it finished a step, such as when its animation ended.
///
/// Call it exactly once per step, from any thread: the ``Router`` starts the next step only after
/// it was called. It is `@Sendable` so that you can call it from a queue or a task; a Routable
/// that declares the parameter as `@escaping () -> Void` still conforms.
public typealias RoutingCompletionHandler = @Sendable () -> Void

/// A part of your app that can show the segments of a route below it: a navigation controller, a
/// tab bar, a terminal screen stack.
///
/// The ``Router`` starts at the root Routable you give it. Each push or change returns the
/// Routable responsible for the segment it showed, and that one handles the segments below it.
///
/// ```swift
/// final class RootRoutable: Routable {
///     func pushRouteSegment(
///         _ routeElementIdentifier: RouteElement, animated: Bool,
///         completionHandler: @escaping RoutingCompletionHandler
///     ) -> Routable {
///         let screen = makeScreen(for: routeElementIdentifier)
///         show(screen, animated: animated, completion: completionHandler)
///         return screen
///     }
///
///     func popRouteSegment(
///         _ routeElementIdentifier: RouteElement, animated: Bool,
///         completionHandler: @escaping RoutingCompletionHandler
///     ) {
///         dismissTopScreen(animated: animated, completion: completionHandler)
///     }
/// }
/// ```
///
/// Each step has two names: ReSwift-Router's released ones (`pushRouteSegment`,
/// `popRouteSegment`, `changeRouteSegment`) and the shorter ones of its later sources (`push`,
/// `pop`, `change`). Implement either; the router calls the long name, whose default
/// implementation calls the short one.
///
/// Implement the steps your part of the app supports. When the router asks for a step implemented
/// under neither name, the default implementation calls no completion handler and reports a
/// ``RoutingIssue`` of kind ``RoutingIssue/Kind/missingStep`` that names the step, the Routable
/// and the route; the router then stops that transition.
///
/// The router calls a Routable on the thread its ``RoutingScheduler`` chooses: by default the
/// thread that dispatched the route change, or that called the previous step's completion.
public protocol Routable {
    /// Shows a new segment below this Routable's segment.
    ///
    /// - Parameters:
    ///   - routeElementIdentifier: The segment to show.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func pushRouteSegment(
        _ routeElementIdentifier: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable

    /// Removes the segment below this Routable's segment.
    ///
    /// - Parameters:
    ///   - routeElementIdentifier: The segment to remove.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is gone.
    func popRouteSegment(
        _ routeElementIdentifier: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    )

    /// Replaces the segment below this Routable's segment with another, such as when switching
    /// tabs.
    ///
    /// - Parameters:
    ///   - from: The segment shown now.
    ///   - to: The segment to show instead.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the new segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func changeRouteSegment(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable

    /// Shows a new segment below this Routable's segment: the short name of
    /// ``pushRouteSegment(_:animated:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - element: The segment to show.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func push(
        _ element: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable

    /// Removes the segment below this Routable's segment: the short name of
    /// ``popRouteSegment(_:animated:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - element: The segment to remove.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is gone.
    func pop(
        _ element: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    )

    /// Replaces the segment below this Routable's segment with another: the short name of
    /// ``changeRouteSegment(_:to:animated:completionHandler:)``.
    ///
    /// - Parameters:
    ///   - from: The segment shown now.
    ///   - to: The segment to show instead.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the new segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func change(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable
}

extension Routable {
    /// Calls ``push(_:animated:completionHandler:)``.
    public func pushRouteSegment(
        _ routeElementIdentifier: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        push(routeElementIdentifier, animated: animated, completionHandler: completionHandler)
    }

    /// Calls ``pop(_:animated:completionHandler:)``.
    public func popRouteSegment(
        _ routeElementIdentifier: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        pop(routeElementIdentifier, animated: animated, completionHandler: completionHandler)
    }

    /// Calls ``change(_:to:animated:completionHandler:)``.
    public func changeRouteSegment(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        change(from, to: to, animated: animated, completionHandler: completionHandler)
    }

    /// Reports that this Routable can't push segments: a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``. Implement this method or
    /// ``pushRouteSegment(_:animated:completionHandler:)`` to push segments.
    ///
    /// - Returns: This Routable; the router stops the transition and doesn't use it.
    public func push(
        _ element: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        MissingStepContext.report(
            requirement: "pushRouteSegment(_:animated:completionHandler:)",
            alternative: "push(_:animated:completionHandler:)",
            routable: self,
            request: "push \"\(element)\""
        )
        return self
    }

    /// Reports that this Routable can't pop segments: a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``. Implement this method or
    /// ``popRouteSegment(_:animated:completionHandler:)`` to pop segments.
    public func pop(
        _ element: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        MissingStepContext.report(
            requirement: "popRouteSegment(_:animated:completionHandler:)",
            alternative: "pop(_:animated:completionHandler:)",
            routable: self,
            request: "pop \"\(element)\""
        )
    }

    /// Reports that this Routable can't change segments: a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``. Implement this method or
    /// ``changeRouteSegment(_:to:animated:completionHandler:)`` to change segments.
    ///
    /// - Returns: This Routable; the router stops the transition and doesn't use it.
    public func change(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        MissingStepContext.report(
            requirement: "changeRouteSegment(_:to:animated:completionHandler:)",
            alternative: "change(_:to:animated:completionHandler:)",
            routable: self,
            request: "change \"\(from)\" to \"\(to)\""
        )
        return self
    }
}
