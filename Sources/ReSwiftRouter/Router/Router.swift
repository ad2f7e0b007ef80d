import Dispatch
import Foundation
import ReSwift

/// Keeps your ``Routable``s in step with the route in the store's ``NavigationState``.
///
/// The router subscribes to the store. Whenever a ``SetRouteAction`` changes the route, it plans
/// the shortest sequence of steps from the route the Routables show to the new one (see
/// ``RoutingStep/steps(from:to:)``) and performs them one after another, each once the previous
/// step's completion handler was called. It never blocks a thread while it waits.
///
/// ```swift
/// let store = Store<AppState>(reducer: appReducer, state: nil)
/// let router = Router(store: store, rootRoutable: RootRoutable()) {
///     $0.select { $0.navigationState }
/// }
/// store.dispatch(SetRouteAction(["books", "detail"]))
/// ```
///
/// Keep a strong reference to the router: the store holds its subscribers weakly.
///
/// ## Threads
///
/// The store notifies the router on the thread that dispatched, and completion handlers may be
/// called on any thread. The router calls Routables through its ``RoutingScheduler``: by default
/// at once on the thread that dispatched the route change or called the previous completion
/// handler; pass ``RoutingScheduler/main`` for UIKit or AppKit, or your UI loop's `post`.
///
/// ## Routes that arrive during a transition
///
/// A route set while a transition runs is applied after it ends; if several arrive meanwhile,
/// only the newest is applied. Navigation the user did on screen is recorded with
/// ``SetRouteAction/userNavigated(to:)`` and not repeated.
///
/// ## Problems
///
/// A Routable lacking a step, a completion handler not called within the completion timeout, or
/// called twice, is reported as a ``RoutingIssue`` to ``routingIssueOccurred(_:)``.
///
/// ## Subclassing
///
/// The router is `Sendable`: its own state is behind a lock. A subclass (to override
/// ``routingIssueOccurred(_:)``, say) restates `@unchecked Sendable` once its own state is safe
/// to use from any thread.
open class Router<State>: StoreSubscriber, @unchecked Sendable {
    // Sendable: every stored property is immutable and Sendable; the mutable routing state lives in
    // `driver`, behind its lock.

    /// A function that selects the ``NavigationState`` from the store's state, such as
    /// `{ $0.select { $0.navigationState } }`.
    public typealias NavigationStateTransform = (Subscription<State>) -> Subscription<NavigationState>

    /// The store whose navigation state the router follows.
    public let store: Store<State>

    private let driver: RouteDriver
    private let errorHandler: (@Sendable (RoutingIssue) -> Void)?

    /// Creates a router and subscribes it to the store; it routes to the store's current route at
    /// once.
    ///
    /// - Parameters:
    ///   - store: The store whose navigation state the router follows.
    ///   - rootRoutable: The Routable responsible for the first segment of every route.
    ///   - scheduler: Where to call the Routables. Defaults to ``RoutingScheduler/immediate``.
    ///   - completionTimeout: How long a step may take before its completion handler counts as
    ///     never called: the router reports a ``RoutingIssue/Kind/completionTimedOut`` issue and
    ///     goes on. `nil` waits forever. Defaults to 3 seconds.
    ///   - errorHandler: Receives the ``RoutingIssue``s the router meets, on any thread; `nil`
    ///     uses ``RouterHooks/errorHandler``, which prints them to standard error.
    ///   - stateTransform: Selects the ``NavigationState`` from the store's state.
    public init(
        store: Store<State>,
        rootRoutable: Routable,
        scheduler: RoutingScheduler = .immediate,
        completionTimeout: DispatchTimeInterval? = .seconds(3),
        errorHandler: (@Sendable (RoutingIssue) -> Void)? = nil,
        stateTransform: @escaping NavigationStateTransform
    ) {
        self.store = store
        self.driver = RouteDriver(
            rootRoutable: rootRoutable, scheduler: scheduler, completionTimeout: completionTimeout)
        self.errorHandler = errorHandler
        driver.setErrorHandler { [weak self] issue in
            self?.routingIssueOccurred(issue)
        }
        store.subscribe(self, transform: stateTransform)
    }

    /// The route the Routables show: the store's route once the router finished a transition,
    /// the route reached so far while one runs.
    public var currentRoute: Route {
        driver.currentRoute
    }

    /// Whether the router is performing a transition.
    public var isTransitioning: Bool {
        driver.isTransitioning
    }

    /// Receives the navigation state from the store and starts or queues the transition to its
    /// route. Called by the store; when overriding it, call `super`.
    ///
    /// - Parameter state: The store's navigation state.
    open func newState(state: NavigationState) {
        driver.navigationStateChanged(state)
    }

    /// Called with each ``RoutingIssue`` the router meets, on the thread where it noticed it.
    ///
    /// The default implementation passes the issue to the `errorHandler` given to the initializer
    /// or, without one, to ``RouterHooks/errorHandler``. Override it to send issues elsewhere (a
    /// logger, a test's expectations); the override must be safe to call from any thread.
    ///
    /// - Parameter issue: What went wrong, and what to do about it.
    open func routingIssueOccurred(_ issue: RoutingIssue) {
        (errorHandler ?? RouterHooks.errorHandler)(issue)
    }
}
