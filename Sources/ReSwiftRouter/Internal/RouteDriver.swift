import Dispatch
import Foundation
import ReSwift

/// The engine of a ``Router``: turns route requests into steps and performs them on
/// ``Routable``s one after another, each after the previous one's completion handler was called,
/// without blocking any thread.
///
/// Requests, completion handlers and timeouts may arrive on any thread. They change the state
/// machine below while holding `lock`, and get back the effects to carry out (perform a step,
/// report an issue), which run after the lock is released: Routables and the issue handler are
/// never called with the lock held, so they may call back in (a completion handler called
/// synchronously, a dispatch) without deadlocking.
final class RouteDriver: @unchecked Sendable {  // all mutable state is guarded by `lock`
    /// A transition the driver was asked for.
    struct Target {
        var route: Route
        var animated: Bool
        /// Whether pops are performed; when `false` they are recorded without calling a Routable
        /// (``SetRouteAction/disablePopAction``).
        var performsPops = true
    }

    /// A transition being performed.
    struct Transition {
        /// The route shown when the transition started.
        let fromRoute: Route
        /// The route the transition goes to.
        let target: Target
        /// The steps from `fromRoute` to `target.route`, from ``RoutingStep/steps(from:to:)``.
        let steps: [RoutingStep]
        /// The index in `steps` of the step in progress.
        var stepIndex: Int
        /// The step in progress.
        var step: StepProgress
        /// Set when the user navigated on screen meanwhile: the remaining steps are skipped.
        var skipsRemainingSteps = false

        var currentStep: RoutingStep { steps[stepIndex] }
    }

    /// The progress of one step.
    struct StepProgress {
        /// Identifies the step's calls of its completion handler and timer.
        let ticket: StepTicket
        /// Set when the Routable's method was called.
        var started = false
        /// Set when the Routable's method returned; holds what a push or change returned.
        var returned: Returned?
        /// Set when the completion handler was called or timed out.
        var completed = false
        /// Set when a default implementation reported that the Routable lacks the step.
        var missing = false
    }

    /// What a Routable's method returned.
    enum Returned {
        /// A pop, which returns nothing.
        case nothing
        /// The Routable a push or change returned.
        case routable(Routable)
    }

    /// The driver's state machine.
    private enum State {
        /// No transition is running; the Routables show `displayedRoute`. Requests that arrive
        /// start a transition at once.
        case idle
        /// A transition is running and the driver waits for its current step: for the Routable's
        /// method to return and its completion handler to be called (or to time out). Requests that
        /// arrive are kept in `pendingTarget` / `pendingUserRoute` until it ends.
        case transitioning(Transition)
    }

    /// Work to carry out after releasing the lock.
    private enum Effect {
        /// Perform the current step (through the scheduler).
        case perform(StepTicket)
        /// Tell the issue reporter.
        case report(RoutingIssue)
    }

    /// Guards every `var` of the driver and of its ``StepTicket``s: the state machine's fields are
    /// spread over the class. Its own value is an unused Int, because ThreadSanitizer reports a
    /// race on an empty (Void) value's accesses.
    private let lock = Locked(0)
    private let scheduler: RoutingScheduler
    private let completionTimeout: DispatchTimeInterval?
    private let startTimer: TimerStarter

    private var state = State.idle
    /// The route the Routables show, updated after each completed step.
    private var displayedRoute: Route = []
    /// The Routables of `displayedRoute`: the root first, then the Routable returned for each
    /// segment (`nil` for segments the user navigated to). Always one longer than the route.
    private var routables: [Routable?]
    /// The newest transition requested while another one ran; it replaces older ones.
    private var pendingTarget: Target?
    /// The route the user navigated to while a transition ran, applied when it ends.
    private var pendingUserRoute: Route?
    /// The last request seen by ``navigationStateChanged(_:)``, to ignore repeats of it.
    private var lastRequest: (route: Route, count: UInt64)?
    private var issueHandler: (@Sendable (RoutingIssue) -> Void)?

    /// Runs a step's timeout `work` once `delay` has passed. Tests pass one that they fire by hand.
    typealias TimerStarter = @Sendable (_ delay: DispatchTimeInterval, _ work: DispatchWorkItem) -> Void

    /// Starts a timeout on a global queue.
    static let dispatchTimer: TimerStarter = { delay, work in
        DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: work)
    }

    init(
        rootRoutable: Routable, scheduler: RoutingScheduler, completionTimeout: DispatchTimeInterval?,
        startTimer: @escaping TimerStarter = RouteDriver.dispatchTimer
    ) {
        self.routables = [rootRoutable]
        self.scheduler = scheduler
        self.completionTimeout = completionTimeout
        self.startTimer = startTimer
    }

    /// Sets the function issues are reported to.
    func setIssueHandler(_ handler: @escaping @Sendable (RoutingIssue) -> Void) {
        lock.withLock { _ in issueHandler = handler }
    }

    /// The route the Routables show now.
    var currentRoute: Route {
        lock.withLock { _ in displayedRoute }
    }

    /// Whether a transition is running.
    var isTransitioning: Bool {
        lock.withLock { _ in
            if case .transitioning = state { return true }
            return false
        }
    }

    // MARK: Requests

    /// Handles a navigation state from the store: starts or queues a transition when the state
    /// holds a new request, records user navigation, and ignores states that repeat the last one.
    func navigationStateChanged(_ navigationState: NavigationState) {
        let effects: [Effect] = lock.withLock { _ in
            let request = (route: navigationState.route, count: navigationState.routeRequestCount)
            if let lastRequest, lastRequest.route == request.route, lastRequest.count == request.count {
                return []
            }
            lastRequest = request
            if navigationState.routeChangedByUser {
                return userNavigatedLocked(to: request.route)
            }
            return requestLocked(
                Target(
                    route: request.route, animated: navigationState.changeRouteAnimated,
                    performsPops: !navigationState.disablePopAction))
        }
        carryOut(effects)
    }

    /// Asks for a transition to `target` (after the running one, if any).
    func request(_ target: Target) {
        carryOut(lock.withLock { _ in requestLocked(target) })
    }

    /// Records that the user navigated to `route` on screen.
    func userNavigated(to route: Route) {
        carryOut(lock.withLock { _ in userNavigatedLocked(to: route) })
    }

    private func requestLocked(_ target: Target) -> [Effect] {
        pendingTarget = target
        switch state {
        case .idle:
            return startNextTransitionLocked()
        case .transitioning:
            return []
        }
    }

    private func userNavigatedLocked(to route: Route) -> [Effect] {
        pendingUserRoute = route
        pendingTarget = nil
        switch state {
        case .idle:
            return startNextTransitionLocked()
        case .transitioning(var transition):
            transition.skipsRemainingSteps = true
            state = .transitioning(transition)
            return []
        }
    }

    // MARK: Transitions

    /// Applies pending user navigation, then starts the pending transition if it needs steps.
    /// Call only in `.idle`.
    private func startNextTransitionLocked() -> [Effect] {
        guard case .idle = state else {
            preconditionFailure("Internal inconsistency: starting a transition while one is running")
        }
        if let userRoute = pendingUserRoute {
            pendingUserRoute = nil
            let kept = commonPrefixLength(displayedRoute, userRoute)
            routables.removeSubrange((kept + 1)...)
            routables.append(contentsOf: repeatElement(nil, count: userRoute.count - kept))
            displayedRoute = userRoute
        }
        while let target = pendingTarget {
            pendingTarget = nil
            let steps = RoutingStep.steps(from: displayedRoute, to: target.route)
            guard !steps.isEmpty else { continue }
            let step = StepProgress(
                ticket: StepTicket(step: steps[0], fromRoute: displayedRoute, toRoute: target.route))
            let transition = Transition(
                fromRoute: displayedRoute, target: target, steps: steps, stepIndex: 0, step: step)
            state = .transitioning(transition)
            return [.perform(transition.step.ticket)]
        }
        return []
    }

    /// Ends the current step: records its effect on the displayed route, then starts the next step
    /// or ends the transition. Call only when the step returned and completed.
    private func finishStepLocked(_ transition: Transition) -> [Effect] {
        var transition = transition
        guard let returned = transition.step.returned, transition.step.completed else {
            preconditionFailure("Internal inconsistency: finishing a step that is still running")
        }
        transition.step.ticket.timer?.cancel()
        switch (transition.currentStep, returned) {
        case (.pop(let index, _), .nothing) where index == displayedRoute.count - 1:
            displayedRoute.removeLast()
            routables.removeLast()
        case (.change(let index, _, let to), .routable(let routable)) where index == displayedRoute.count - 1:
            displayedRoute[index] = to
            routables[index + 1] = routable
        case (.push(let index, let segment), .routable(let routable)) where index == displayedRoute.count:
            displayedRoute.append(segment)
            routables.append(routable)
        default:
            preconditionFailure(
                "Internal inconsistency: step \(transition.currentStep) does not fit route \(displayedRoute)")
        }
        transition.stepIndex += 1
        if transition.stepIndex < transition.steps.count, !transition.skipsRemainingSteps {
            transition.step = StepProgress(
                ticket: StepTicket(
                    step: transition.currentStep, fromRoute: transition.fromRoute,
                    toRoute: transition.target.route))
            state = .transitioning(transition)
            return [.perform(transition.step.ticket)]
        }
        state = .idle
        return startNextTransitionLocked()
    }

    /// Abandons the running transition before its current step and starts the next one.
    private func abandonTransitionLocked() -> [Effect] {
        if case .transitioning(let transition) = state {
            transition.step.ticket.timer?.cancel()
        }
        state = .idle
        return startNextTransitionLocked()
    }

    // MARK: Performing steps

    /// Calls the Routable for the step `ticket` stands for, if it is still the current step.
    private func perform(_ ticket: StepTicket) {
        var effects: [Effect] = []
        var animated = true
        let routable: Routable? = lock.withLock { _ in
            guard case .transitioning(var transition) = state, transition.step.ticket === ticket,
                !transition.step.started
            else { return nil }
            if transition.skipsRemainingSteps {
                effects = abandonTransitionLocked()
                return nil
            }
            if case .pop = ticket.step, !transition.target.performsPops {
                transition.step.started = true
                transition.step.returned = .nothing
                transition.step.completed = true
                effects = finishStepLocked(transition)
                return nil
            }
            let index = ticket.step.responsibleRoutableIndex
            guard let routable = routables[index] else {
                effects = [.report(ticket.issue(.missingRoutable(segment: displayedRoute[index - 1])))]
                effects += abandonTransitionLocked()
                return nil
            }
            transition.step.started = true
            animated = transition.target.animated
            state = .transitioning(transition)
            return routable
        }
        guard let routable else {
            carryOut(effects)
            return
        }
        startTimeout(for: ticket)

        let completion: RoutingCompletion = { [weak self] in self?.stepCompleted(ticket) }
        let context = MissingStepContext { [weak self] mainBranchName, releasedName, routableType in
            self?.stepIsMissing(
                ticket, mainBranchName: mainBranchName, releasedName: releasedName, routableType: routableType
            )
        }
        // The main-branch names: a Routable implementing a step under both names is called under
        // this one; one implementing only the 0.7.1 name is reached through the default
        // implementation (see `Routable`).
        let returned = MissingStepContext.$current.withValue(context) { () -> Returned in
            switch ticket.step {
            case .push(_, let segment):
                return .routable(routable.push(segment, animated: animated, completion: completion))
            case .pop(_, let segment):
                routable.pop(segment, animated: animated, completion: completion)
                return .nothing
            case .change(_, let from, let to):
                return .routable(routable.change(from, to: to, animated: animated, completion: completion))
            }
        }
        stepReturned(ticket, returned)
    }

    private func startTimeout(for ticket: StepTicket) {
        guard let completionTimeout, completionTimeout != .never else { return }
        let timer = DispatchWorkItem { [weak self] in self?.stepTimedOut(ticket) }
        let isWaiting: Bool = lock.withLock { _ in
            guard case .transitioning(let transition) = state, transition.step.ticket === ticket,
                !transition.step.completed
            else { return false }
            ticket.timer = timer
            return true
        }
        if isWaiting {
            startTimer(completionTimeout, timer)
        }
    }

    private func stepReturned(_ ticket: StepTicket, _ returned: Returned) {
        let effects: [Effect] = lock.withLock { _ in
            guard case .transitioning(var transition) = state, transition.step.ticket === ticket else {
                preconditionFailure("Internal inconsistency: a step ended while another one was current")
            }
            if transition.step.missing {
                return abandonTransitionLocked()
            }
            transition.step.returned = returned
            if transition.step.completed {
                return finishStepLocked(transition)
            }
            state = .transitioning(transition)
            return []
        }
        carryOut(effects)
    }

    private func stepCompleted(_ ticket: StepTicket) {
        let effects: [Effect] = lock.withLock { _ in
            ticket.completionCalls += 1
            if ticket.completionCalls > 1 {
                return [.report(ticket.issue(.completionCalledMoreThanOnce))]
            }
            // A step that timed out is no longer waited for; a late call is ignored.
            guard case .transitioning(var transition) = state, transition.step.ticket === ticket,
                !transition.step.completed
            else {
                return []
            }
            transition.step.completed = true
            if transition.step.returned != nil {
                return finishStepLocked(transition)
            }
            state = .transitioning(transition)
            return []
        }
        carryOut(effects)
    }

    private func stepTimedOut(_ ticket: StepTicket) {
        let effects: [Effect] = lock.withLock { _ in
            guard case .transitioning(var transition) = state, transition.step.ticket === ticket,
                !transition.step.completed, !transition.step.missing
            else { return [] }
            transition.step.completed = true
            let issue = ticket.issue(
                .completionTimedOut(after: RoutingIssue.describe(completionTimeout ?? .never)))
            if transition.step.returned != nil {
                return [.report(issue)] + finishStepLocked(transition)
            }
            state = .transitioning(transition)
            return [.report(issue)]
        }
        carryOut(effects)
    }

    private func stepIsMissing(
        _ ticket: StepTicket, mainBranchName: String, releasedName: String, routableType: String
    ) {
        let effects: [Effect] = lock.withLock { _ in
            guard case .transitioning(var transition) = state, transition.step.ticket === ticket,
                transition.step.returned == nil, !transition.step.missing
            else { return [] }
            transition.step.missing = true
            state = .transitioning(transition)
            return [
                .report(
                    ticket.issue(
                        .missingStep(
                            mainBranchName: mainBranchName, releasedName: releasedName,
                            routableType: routableType)))
            ]
        }
        carryOut(effects)
    }

    private func carryOut(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .perform(let ticket):
                scheduler.run { [self] in perform(ticket) }
            case .report(let issue):
                lock.withLock { _ in issueHandler }?(issue)
            }
        }
    }
}

/// Identifies one step, for its completion handler and its timer, which may outlive it.
final class StepTicket: @unchecked Sendable {  // `completionCalls` is guarded by RouteDriver.lock
    /// The step.
    let step: RoutingStep
    /// The route its transition started from.
    let fromRoute: Route
    /// The route its transition goes to.
    let toRoute: Route
    /// How often the step's completion handler was called.
    var completionCalls = 0
    /// The timer that reports a completion handler not called in time.
    var timer: DispatchWorkItem?

    init(step: RoutingStep, fromRoute: Route, toRoute: Route) {
        self.step = step
        self.fromRoute = fromRoute
        self.toRoute = toRoute
    }

    /// An issue about this step.
    func issue(_ reason: RoutingIssue.Reason) -> RoutingIssue {
        RoutingIssue(reason, step: step, from: fromRoute, to: toRoute)
    }
}

private func commonPrefixLength(_ first: Route, _ second: Route) -> Int {
    zip(first, second).prefix { $0 == $1 }.count
}
