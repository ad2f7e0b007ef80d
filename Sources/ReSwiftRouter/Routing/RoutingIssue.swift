import Dispatch

/// A problem the ``Router`` met while driving the ``Routable``s, with a message that says what went
/// wrong and what to do.
///
/// The router reports issues to ``Router/routingIssueOccurred(_:)``, which calls the handler given
/// to ``Router/init(store:rootRoutable:scheduler:completionTimeout:errorHandler:stateTransform:)``
/// or, without one, ``RouterHooks/errorHandler`` (by default, the message goes to standard
/// error). Tests can collect them:
///
/// ```swift
/// let router = Router(store: store, rootRoutable: root, errorHandler: { issue in
///     issues.append(issue)
/// }) { $0.select(\.navigationState) }
/// ```
public struct RoutingIssue: Error, Sendable {
    /// What kind of problem an issue is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// A short name for the kind, such as `missingStep`.
        public let description: String

        /// A ``Routable`` was asked for a step it doesn't implement. The router stopped the
        /// transition before that step; the screen shows the route reached so far.
        public static let missingStep = Kind(description: "missingStep")

        /// No ``Routable`` is known for a segment a step needed, because the user navigated there
        /// (``SetRouteAction/userNavigated(to:)``). The router stopped the transition before that
        /// step.
        public static let missingRoutable = Kind(description: "missingRoutable")

        /// A step's completion handler wasn't called within the router's completion timeout. The
        /// router went on with the next step and ignores the handler if it is called later.
        public static let completionTimedOut = Kind(description: "completionTimedOut")

        /// A step's completion handler was called more than once; the extra calls were ignored.
        public static let completionCalledMoreThanOnce = Kind(description: "completionCalledMoreThanOnce")
    }

    enum Reason: Sendable {
        case missingStep(mainBranchName: String, releasedName: String, routableType: String)
        case missingRoutable(segment: RouteElement)
        /// The timeout, in words, such as `3 s`.
        case completionTimedOut(after: String)
        case completionCalledMoreThanOnce
    }

    let reason: Reason

    /// The step the router was performing or about to perform.
    public let step: RoutingStep

    /// The route the transition started from.
    public let fromRoute: Route

    /// The route the transition was going to.
    public let toRoute: Route

    init(_ reason: Reason, step: RoutingStep, from fromRoute: Route, to toRoute: Route) {
        self.reason = reason
        self.step = step
        self.fromRoute = fromRoute
        self.toRoute = toRoute
    }

    /// What kind of problem this is.
    public var kind: Kind {
        switch reason {
        case .missingStep: return .missingStep
        case .missingRoutable: return .missingRoutable
        case .completionTimedOut: return .completionTimedOut
        case .completionCalledMoreThanOnce: return .completionCalledMoreThanOnce
        }
    }

    /// What went wrong, where, and what to do about it.
    public var message: String {
        let transition = "while routing from \(fromRoute) to \(toRoute)"
        switch reason {
        case .missingStep(let mainBranchName, let releasedName, let routableType):
            return """
                \(routableType) implements neither \(mainBranchName) nor \(releasedName), which the router \
                needs to \(step) \(transition). Implement one of them in \(routableType), or don't \
                route there; the router stopped this transition before that step.
                """
        case .missingRoutable(let segment):
            return """
                The router has no Routable to \(step) \(transition): the user navigated to \
                "\(segment)" (SetRouteAction.userNavigated(to:)), so no Routable was returned for it. \
                Record only user navigation back to a route the router built, or route away from \
                "\(segment)" first; the router stopped this transition before that step.
                """
        case .completionTimedOut(let timeout):
            return """
                The completion handler for \(step) \(transition) was not called within \
                \(timeout). Call the completion handler passed to the Routable exactly \
                once when the step is done; the router went on with the next step.
                """
        case .completionCalledMoreThanOnce:
            return """
                The completion handler for \(step) \(transition) was called more than once. Call it \
                exactly once per step; the extra calls were ignored.
                """
        }
    }

    static func describe(_ interval: DispatchTimeInterval) -> String {
        switch interval {
        case .seconds(let value): return "\(value) s"
        case .milliseconds(let value): return "\(value) ms"
        case .microseconds(let value): return "\(value) µs"
        case .nanoseconds(let value): return "\(value) ns"
        case .never: return "forever"
        @unknown default: return "\(interval)"
        }
    }
}

extension RoutingIssue: CustomStringConvertible {
    /// The issue's ``message``, prefixed with `[ReSwiftRouter]`.
    public var description: String {
        "[ReSwiftRouter] " + message
    }
}
