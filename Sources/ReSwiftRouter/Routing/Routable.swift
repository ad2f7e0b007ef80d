/// The function a ``Routable`` calls when it finished a step, such as when its animation ended:
/// the name ReSwift-Router's main branch uses.
///
/// Call it exactly once per step, from any thread: the ``Router`` starts the next step only after
/// it was called. It is `@Sendable` so that you can call it from a queue or a task; a Routable
/// that declares the parameter as `@escaping () -> Void` still conforms.
public typealias RoutingCompletion = @Sendable () -> Void

/// The function a ``Routable`` calls when it finished a step: the name ReSwift-Router 0.7.1
/// uses. The same type as ``RoutingCompletion``.
public typealias RoutingCompletionHandler = RoutingCompletion

/// A part of your app that can show the segments of a route below it: a navigation controller, a
/// tab bar, a terminal screen stack.
///
/// The ``Router`` starts at the root Routable you give it. Each push or change returns the
/// Routable responsible for the segment it showed, and that one handles the segments below it.
///
/// ## Two spellings
///
/// ReSwift-Router spelled the three steps two ways, and a Routable may use either, as written
/// for that version:
///
/// - ReSwift-Router's main branch: ``push(_:animated:completion:)``,
///   ``pop(_:animated:completion:)`` and ``change(_:to:animated:completion:)``, with a
///   ``RoutingCompletion``:
///
///   ```swift
///   final class RootRoutable: Routable {
///       func push(
///           _ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
///       ) -> Routable {
///           let screen = makeScreen(for: element)
///           show(screen, animated: animated, completion: completion)
///           return screen
///       }
///
///       func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
///           dismissTopScreen(animated: animated, completion: completion)
///       }
///   }
///   ```
///
/// - ReSwift-Router 0.7.1, the last release: ``pushRouteSegment(_:animated:completionHandler:)``,
///   ``popRouteSegment(_:animated:completionHandler:)`` and
///   ``changeRouteSegment(_:to:animated:completionHandler:)``, with a
///   ``RoutingCompletionHandler``.
///
/// The router calls the main-branch name. Its default implementation calls the 0.7.1 name, and
/// the default implementation of the 0.7.1 name calls the main-branch one, so each step works
/// under whichever name the Routable implements, and either name may be called from your own
/// code too. The choice is made per step: a Routable may push under one spelling and pop under the
/// other.
///
/// **A step implemented under both names** is performed by the main-branch method; the router
/// never calls the 0.7.1 method of that step. Swift can't tell, without calling it, whether a
/// method is yours or the protocol's default, so the router can't warn about this: when you
/// migrate a Routable from 0.7.1, rename its methods rather than adding the new ones beside the
/// old.
///
/// **A step implemented under neither name** calls no completion handler and reports a
/// ``RoutingIssue`` of kind ``RoutingIssue/Kind/missingStep`` that names both methods, the
/// Routable and the route; the router then stops that transition. Implement only the steps your
/// part of the app supports.
///
/// The router calls a Routable on the thread its ``RoutingScheduler`` chooses: by default the
/// thread that dispatched the route change, or that called the previous step's completion.
public protocol Routable {
    /// Shows a new segment below this Routable's segment (ReSwift-Router's main-branch name).
    ///
    /// - Parameters:
    ///   - element: The segment to show.
    ///   - animated: Whether to animate the change.
    ///   - completion: Call it once when the segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func push(
        _ element: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    ) -> Routable

    /// Removes the segment below this Routable's segment (ReSwift-Router's main-branch name).
    ///
    /// - Parameters:
    ///   - element: The segment to remove.
    ///   - animated: Whether to animate the change.
    ///   - completion: Call it once when the segment is gone.
    func pop(
        _ element: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    )

    /// Replaces the segment below this Routable's segment with another, such as when switching
    /// tabs (ReSwift-Router's main-branch name).
    ///
    /// - Parameters:
    ///   - from: The segment shown now.
    ///   - to: The segment to show instead.
    ///   - animated: Whether to animate the change.
    ///   - completion: Call it once when the new segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func change(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    ) -> Routable

    /// Shows a new segment below this Routable's segment (ReSwift-Router 0.7.1's name).
    ///
    /// - Parameters:
    ///   - routeElementIdentifier: The segment to show.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func pushRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable

    /// Removes the segment below this Routable's segment (ReSwift-Router 0.7.1's name).
    ///
    /// - Parameters:
    ///   - routeElementIdentifier: The segment to remove.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the segment is gone.
    func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    )

    /// Replaces the segment below this Routable's segment with another (ReSwift-Router 0.7.1's
    /// name).
    ///
    /// - Parameters:
    ///   - from: The segment shown now.
    ///   - to: The segment to show instead.
    ///   - animated: Whether to animate the change.
    ///   - completionHandler: Call it once when the new segment is shown.
    /// - Returns: The Routable responsible for the segments below the new one.
    func changeRouteSegment(
        _ from: RouteElementIdentifier,
        to: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable
}

extension Routable {
    /// Calls ``pushRouteSegment(_:animated:completionHandler:)``, the 0.7.1 name of this step. When
    /// this Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    ///
    /// - Returns: What the 0.7.1 method returned, or this Routable when neither is implemented (the
    ///   router then stops the transition and doesn't use it).
    public func push(
        _ element: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    ) -> Routable {
        StepSpellings.push.forward(from: .mainBranch, routable: self, request: "push \"\(element)\"") {
            pushRouteSegment(element, animated: animated, completionHandler: completion)
        } ?? self
    }

    /// Calls ``popRouteSegment(_:animated:completionHandler:)``, the 0.7.1 name of this step. When
    /// this Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    public func pop(
        _ element: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    ) {
        StepSpellings.pop.forward(from: .mainBranch, routable: self, request: "pop \"\(element)\"") {
            popRouteSegment(element, animated: animated, completionHandler: completion)
        }
    }

    /// Calls ``changeRouteSegment(_:to:animated:completionHandler:)``, the 0.7.1 name of this step.
    /// When this Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    ///
    /// - Returns: What the 0.7.1 method returned, or this Routable when neither is implemented (the
    ///   router then stops the transition and doesn't use it).
    public func change(
        _ from: RouteElement,
        to: RouteElement,
        animated: Bool,
        completion: @escaping RoutingCompletion
    ) -> Routable {
        StepSpellings.change.forward(
            from: .mainBranch, routable: self, request: "change \"\(from)\" to \"\(to)\""
        ) {
            changeRouteSegment(from, to: to, animated: animated, completionHandler: completion)
        } ?? self
    }

    /// Calls ``push(_:animated:completion:)``, the main-branch name of this step. When this
    /// Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    ///
    /// - Returns: What the main-branch method returned, or this Routable when neither is
    ///   implemented (the router then stops the transition and doesn't use it).
    public func pushRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        StepSpellings.push.forward(
            from: .released, routable: self, request: "push \"\(routeElementIdentifier)\""
        ) {
            push(routeElementIdentifier, animated: animated, completion: completionHandler)
        } ?? self
    }

    /// Calls ``pop(_:animated:completion:)``, the main-branch name of this step. When this
    /// Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    public func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        StepSpellings.pop.forward(
            from: .released, routable: self, request: "pop \"\(routeElementIdentifier)\""
        ) {
            pop(routeElementIdentifier, animated: animated, completion: completionHandler)
        }
    }

    /// Calls ``change(_:to:animated:completion:)``, the main-branch name of this step. When this
    /// Routable implements neither name, reports a ``RoutingIssue`` of kind
    /// ``RoutingIssue/Kind/missingStep``.
    ///
    /// - Returns: What the main-branch method returned, or this Routable when neither is
    ///   implemented (the router then stops the transition and doesn't use it).
    public func changeRouteSegment(
        _ from: RouteElementIdentifier,
        to: RouteElementIdentifier,
        animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        StepSpellings.change.forward(
            from: .released, routable: self, request: "change \"\(from)\" to \"\(to)\""
        ) {
            change(from, to: to, animated: animated, completion: completionHandler)
        } ?? self
    }
}
