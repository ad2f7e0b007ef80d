import Dispatch
import Foundation
@_spi(ReSwiftInternal) import ReSwift

/// The engine of a ``Router``: turns route requests into steps and performs them on
/// ``Routable``s one after another, each after the previous one's completion handler was called,
/// without blocking any thread.
///
/// Requests, completion handlers and timeouts may arrive on any thread. They change the state
/// machine below (``Machine``, which lives inside its lock) and get back the effects to carry out
/// (perform a step, report an issue), which run after the lock is released: Routables and the
/// issue handler are never called with the lock held, so they may call back in (a completion
/// handler called synchronously, a dispatch) without deadlocking.
final class RouteDriver: Sendable {
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
        /// The timer that reports a completion handler not called in time.
        var timer: DispatchWorkItem?
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

    /// The driver's state machine and records; lives inside `machine`'s lock, so every change is
    /// made holding it.
    private struct Machine {
        var state = State.idle
        /// The route the Routables show, updated after each completed step.
        var displayedRoute: Route = []
        /// The Routables of `displayedRoute`: the root first, then the Routable returned for each
        /// segment (`nil` for segments the user navigated to). Always one longer than the route.
        var routables: [Routable?]
        /// The newest transition requested while another one ran; it replaces older ones.
        var pendingTarget: Target?
        /// The route the user navigated to while a transition ran, applied when it ends.
        var pendingUserRoute: Route?
        /// The last request seen by ``navigationStateChanged(_:)``, to ignore repeats of it.
        var lastRequest: (route: Route, count: UInt64)?
        /// Where issues are reported.
        var errorHandler: (@Sendable (RoutingIssue) -> Void)?

        init(routables: [Routable?]) {
            self.routables = routables
        }

        mutating func request(_ target: Target) -> [Effect] {
            pendingTarget = target
            switch state {
            case .idle:
                return startNextTransition()
            case .transitioning:
                return []
            }
        }

        mutating func userNavigated(to route: Route) -> [Effect] {
            pendingUserRoute = route
            pendingTarget = nil
            switch state {
            case .idle:
                return startNextTransition()
            case .transitioning(var transition):
                transition.skipsRemainingSteps = true
                state = .transitioning(transition)
                return []
            }
        }

        /// Applies pending user navigation, then starts the pending transition if it needs steps.
        /// Call only in `.idle`.
        mutating func startNextTransition() -> [Effect] {
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
        mutating func finishStep(_ transition: Transition) -> [Effect] {
            var transition = transition
            guard let returned = transition.step.returned, transition.step.completed else {
                preconditionFailure("Internal inconsistency: finishing a step that is still running")
            }
            transition.step.timer?.cancel()
            switch (transition.currentStep, returned) {
            case (.pop(let index, _), .nothing) where index == displayedRoute.count - 1:
                displayedRoute.removeLast()
                routables.removeLast()
            case (.change(let index, _, let to), .routable(let routable))
            where index == displayedRoute.count - 1:
                displayedRoute[index] = to
                routables[index + 1] = routable
            case (.push(let index, let segment), .routable(let routable)) where index == displayedRoute.count:
                displayedRoute.append(segment)
                routables.append(routable)
            default:
                preconditionFailure(
                    "Internal inconsistency: step \(transition.currentStep) does not fit route \(displayedRoute)"
                )
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
            return startNextTransition()
        }

        /// Abandons the running transition before its current step and starts the next one.
        mutating func abandonTransition() -> [Effect] {
            if case .transitioning(let transition) = state {
                transition.step.timer?.cancel()
            }
            state = .idle
            return startNextTransition()
        }
    }

    /// The state machine and the driver's records, changed only through their lock.
    private let machine: Locked<Machine>
    private let scheduler: RoutingScheduler
    private let completionTimeout: DispatchTimeInterval?
    private let startTimer: TimerStarter

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
        self.machine = Locked(Machine(routables: [rootRoutable]))
        self.scheduler = scheduler
        self.completionTimeout = completionTimeout
        self.startTimer = startTimer
    }

    /// Sets the function issues are reported to.
    func setErrorHandler(_ handler: @escaping @Sendable (RoutingIssue) -> Void) {
        machine.withLock { $0.errorHandler = handler }
    }

    /// The route the Routables show now.
    var currentRoute: Route {
        machine.withLock { $0.displayedRoute }
    }

    /// Whether a transition is running.
    var isTransitioning: Bool {
        machine.withLock { machine in
            if case .transitioning = machine.state { return true }
            return false
        }
    }

    // MARK: Requests

    /// Handles a navigation state from the store: starts or queues a transition when the state
    /// holds a new request, records user navigation, and ignores states that repeat the last one.
    func navigationStateChanged(_ navigationState: NavigationState) {
        let effects: [Effect] = machine.withLock { machine in
            let request = (route: navigationState.route, count: navigationState.routeRequestCount)
            if let lastRequest = machine.lastRequest, lastRequest.route == request.route,
                lastRequest.count == request.count
            {
                return []
            }
            machine.lastRequest = request
            if navigationState.routeChangedByUser {
                return machine.userNavigated(to: request.route)
            }
            return machine.request(
                Target(
                    route: request.route, animated: navigationState.changeRouteAnimated,
                    performsPops: !navigationState.disablePopAction))
        }
        carryOut(effects)
    }

    /// Asks for a transition to `target` (after the running one, if any).
    func request(_ target: Target) {
        carryOut(machine.withLock { $0.request(target) })
    }

    /// Records that the user navigated to `route` on screen.
    func userNavigated(to route: Route) {
        carryOut(machine.withLock { $0.userNavigated(to: route) })
    }

    // MARK: Performing steps

    /// Calls the Routable for the step `ticket` stands for, if it is still the current step.
    private func perform(_ ticket: StepTicket) {
        var effects: [Effect] = []
        var animated = true
        let routable: Routable? = machine.withLock { machine in
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket,
                !transition.step.started
            else { return nil }
            if transition.skipsRemainingSteps {
                effects = machine.abandonTransition()
                return nil
            }
            if case .pop = ticket.step, !transition.target.performsPops {
                transition.step.started = true
                transition.step.returned = .nothing
                transition.step.completed = true
                effects = machine.finishStep(transition)
                return nil
            }
            let index = ticket.step.responsibleRoutableIndex
            guard let routable = machine.routables[index] else {
                effects = [
                    .report(ticket.issue(.missingRoutable(segment: machine.displayedRoute[index - 1])))
                ]
                effects += machine.abandonTransition()
                return nil
            }
            transition.step.started = true
            animated = transition.target.animated
            machine.state = .transitioning(transition)
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
        let isWaiting: Bool = machine.withLock { machine in
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket,
                !transition.step.completed
            else { return false }
            transition.step.timer = timer
            machine.state = .transitioning(transition)
            return true
        }
        if isWaiting {
            startTimer(completionTimeout, timer)
        }
    }

    private func stepReturned(_ ticket: StepTicket, _ returned: Returned) {
        let effects: [Effect] = machine.withLock { machine in
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket
            else {
                preconditionFailure("Internal inconsistency: a step ended while another one was current")
            }
            if transition.step.missing {
                return machine.abandonTransition()
            }
            transition.step.returned = returned
            if transition.step.completed {
                return machine.finishStep(transition)
            }
            machine.state = .transitioning(transition)
            return []
        }
        carryOut(effects)
    }

    private func stepCompleted(_ ticket: StepTicket) {
        let calls = ticket.completionCalls.withLock { calls in
            calls += 1
            return calls
        }
        if calls > 1 {
            carryOut([.report(ticket.issue(.completionCalledMoreThanOnce))])
            return
        }
        let effects: [Effect] = machine.withLock { machine in
            // A step that timed out is no longer waited for; a late call is ignored.
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket,
                !transition.step.completed
            else {
                return []
            }
            transition.step.completed = true
            if transition.step.returned != nil {
                return machine.finishStep(transition)
            }
            machine.state = .transitioning(transition)
            return []
        }
        carryOut(effects)
    }

    private func stepTimedOut(_ ticket: StepTicket) {
        let effects: [Effect] = machine.withLock { machine in
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket,
                !transition.step.completed, !transition.step.missing
            else { return [] }
            transition.step.completed = true
            let issue = ticket.issue(
                .completionTimedOut(after: RoutingIssue.describe(completionTimeout ?? .never)))
            if transition.step.returned != nil {
                return [.report(issue)] + machine.finishStep(transition)
            }
            machine.state = .transitioning(transition)
            return [.report(issue)]
        }
        carryOut(effects)
    }

    private func stepIsMissing(
        _ ticket: StepTicket, mainBranchName: String, releasedName: String, routableType: String
    ) {
        let effects: [Effect] = machine.withLock { machine in
            guard case .transitioning(var transition) = machine.state, transition.step.ticket === ticket,
                transition.step.returned == nil, !transition.step.missing
            else { return [] }
            transition.step.missing = true
            machine.state = .transitioning(transition)
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
                machine.withLock { $0.errorHandler }?(issue)
            }
        }
    }
}

/// Identifies one step, for its completion handler and its timer, which may outlive it.
final class StepTicket: Sendable {
    /// The step.
    let step: RoutingStep
    /// The route its transition started from.
    let fromRoute: Route
    /// The route its transition goes to.
    let toRoute: Route
    /// How often the step's completion handler was called (also after the step ended, to report
    /// a second call).
    let completionCalls = Locked(0)

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
