import Dispatch
import TestSupport
import Testing

@testable import ReSwiftRouter

/// The router's engine, driven directly: requests in, Routable calls and issues out.
@Suite(.timeLimit(.minutes(3))) struct RouteDriverTests {
    private func makeDriver(
        _ root: Routable, scheduler: RoutingScheduler = .immediate,
        timeout: DispatchTimeInterval? = nil, issues: IssueCollector = IssueCollector()
    ) -> RouteDriver {
        let driver = RouteDriver(rootRoutable: root, scheduler: scheduler, completionTimeout: timeout)
        driver.setErrorHandler { issues.collect($0) }
        return driver
    }

    private func go(_ driver: RouteDriver, to route: Route, animated: Bool = true) {
        driver.request(RouteDriver.Target(route: route, animated: animated))
    }

    @Test func synchronousRoutablesArePushedInOrder() {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous))
        go(driver, to: ["a", "b"])
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        #expect(driver.currentRoute == ["a", "b"])
        #expect(!driver.isTransitioning)
    }

    @Test func animationFlagReachesTheRoutables() {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous))
        go(driver, to: ["a"], animated: false)
        #expect(log.events == ["root.push(a) instantly"])
    }

    @Test func asynchronousCompletionsFromOtherThreadsDriveEveryStep() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .asynchronous))
        go(driver, to: ["a", "b", "c"])
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(log.events == ["root.push(a)", "a.push(b)", "b.push(c)"])

        go(driver, to: ["a", "x"])
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(
            log.events == ["root.push(a)", "a.push(b)", "b.push(c)", "b.pop(c)", "a.change(b→x)"])
        #expect(driver.currentRoute == ["a", "x"])
    }

    @Test(arguments: [CompletionStyle.synchronous, .asynchronous])
    func concurrentRequestsAreAppliedStepByStepToTheRightRoutables(style: CompletionStyle) async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: style))
        let routes: [Route] = [
            ["a"], ["a", "b"], ["c", "d", "e"], [], ["a", "x"], ["c"], ["a", "b", "c"],
        ]
        DispatchQueue.concurrentPerform(iterations: 60) { index in
            go(driver, to: routes[(index * 5) % routes.count])
        }
        let last: Route = ["c", "d"]
        go(driver, to: last)
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(driver.currentRoute == last)

        // Replaying the log proves that every step went to the Routable of the right segment.
        var route: Route = []
        for event in log.events {
            let parent = route.last ?? "root"
            let grandparent = route.count >= 2 ? route[route.count - 2] : "root"
            if event.hasPrefix("\(parent).push("), let segment = argument(of: event) {
                route.append(segment)
            } else if event == "\(grandparent).pop(\(parent))" {
                route.removeLast()
            } else if event.hasPrefix("\(grandparent).change(\(parent)→"), let segment = argument(of: event) {
                route[route.count - 1] = String(segment.split(separator: "→")[1])
            } else {
                Issue.record("step \(event) does not fit the route \(route)")
                return
            }
        }
        #expect(route == last)
    }

    private func argument(of event: String) -> String? {
        guard let open = event.firstIndex(of: "("), let close = event.lastIndex(of: ")") else { return nil }
        return String(event[event.index(after: open)..<close])
    }

    @Test func eachStepWaitsForThePreviousCompletion() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .manual))
        go(driver, to: ["a", "b"])
        try await log.waitForPendingCompletion()
        #expect(log.events == ["root.push(a)"])
        #expect(driver.currentRoute == [])
        #expect(driver.isTransitioning)

        log.completePending()
        try await log.wait { $0.count == 2 }
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        #expect(driver.currentRoute == ["a"])

        log.completePending()
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(driver.currentRoute == ["a", "b"])
    }

    @Test func routesArrivingMidTransitionCoalesceToTheNewest() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .manual))
        go(driver, to: ["a"])
        go(driver, to: ["b"])
        go(driver, to: ["c"])
        #expect(log.events == ["root.push(a)"])

        log.completePending()
        try await log.wait { $0.count == 2 }
        log.completePending()
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(log.events == ["root.push(a)", "root.change(a→c)"])
        #expect(driver.currentRoute == ["c"])
    }

    @Test func aRouteArrivingMidTransitionIsAppliedAfterTheCurrentTransition() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .asynchronous))
        go(driver, to: ["a", "b"])
        go(driver, to: ["x"])
        try await log.wait { $0.count == 4 }
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(log.events == ["root.push(a)", "a.push(b)", "a.pop(b)", "root.change(a→x)"])
        #expect(driver.currentRoute == ["x"])
    }

    @Test func aRouteBackToTheShownOneAfterATransitionNeedsNoSteps() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .manual))
        go(driver, to: ["a"])
        go(driver, to: ["b"])
        go(driver, to: ["a"])
        log.completePending()
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(log.events == ["root.push(a)"])
        #expect(driver.currentRoute == ["a"])
    }

    @Test func routablesCanBeCalledThroughAScheduler() async throws {
        let queue = DispatchQueue(label: "routing")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "routing")
        let log = RoutingLog()
        let driver = makeDriver(QueueCheckingRoutable(log: log, key: key), scheduler: .queue(queue))
        go(driver, to: ["a", "b"])
        try await log.wait { $0.count == 2 }
        #expect(log.events == ["push(a) on routing", "push(b) on routing"])
    }

    @Test func aMissingStepIsReportedWithTheStepTheRoutableAndTheRoute() async {
        let log = RoutingLog()
        let issues = IssueCollector()
        let driver = makeDriver(PushOnlyRoutable(log: log), issues: issues)
        go(driver, to: ["a"])
        go(driver, to: [])
        #expect(issues.issues.count == 1)
        let issue = try! #require(issues.issues.first)
        #expect(issue.kind == .missingStep)
        #expect(issue.step == .pop(responsibleRoutableIndex: 0, segment: "a"))
        #expect(issue.fromRoute == ["a"])
        #expect(issue.toRoute == [])
        #expect(
            issue.message.contains(
                "PushOnlyRoutable implements neither pop(_:animated:completion:) "
                    + "nor popRouteSegment(_:animated:completionHandler:)"))
        #expect(issue.message.contains(#"needs to pop "a" while routing from ["a"] to []"#))
        #expect(driver.currentRoute == ["a"])
        #expect(!driver.isTransitioning)

        go(driver, to: ["a", "b"])
        #expect(log.events == ["pushOnly.push(a)", "pushOnly.push(b)"])
        #expect(driver.currentRoute == ["a", "b"])
    }

    @Test func disabledPopsAreRecordedWithoutCallingTheRoutable() {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous))
        go(driver, to: ["a", "b", "c"])
        driver.request(RouteDriver.Target(route: ["a", "x"], animated: true, performsPops: false))
        #expect(log.events == ["root.push(a)", "a.push(b)", "b.push(c)", "a.change(b→x)"])
        #expect(driver.currentRoute == ["a", "x"])

        go(driver, to: ["a"])
        #expect(log.events.last == "a.pop(x)")
    }

    @Test func routablesWithTheMainBranchStepNamesAreDriven() {
        let log = RoutingLog()
        let driver = makeDriver(MainBranchRoutable(name: "root", log: log))
        go(driver, to: ["a", "b"])
        go(driver, to: ["x"])
        #expect(log.events == ["root.push(a)", "a.push(b)", "a.pop(b)", "root.change(a→x)"])
        #expect(driver.currentRoute == ["x"])
    }

    @Test func aMissingStepStopsTheRestOfItsTransition() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let driver = makeDriver(PushOnlyRoutable(log: log), issues: issues)
        go(driver, to: ["a"])
        go(driver, to: ["b", "c"])
        #expect(issues.issues.map(\.kind) == [.missingStep])
        #expect(issues.issues.first?.step == .change(responsibleRoutableIndex: 0, from: "a", to: "b"))
        #expect(log.events == ["pushOnly.push(a)"])
        #expect(driver.currentRoute == ["a"])
    }

    @Test func aCompletionNeverCalledIsReportedAfterTheTimeoutAndRoutingGoesOn() async throws {
        let log = RoutingLog()
        let issues = IssueCollector()
        let driver = makeDriver(
            FakeRoutable(log: log, style: .never), timeout: .milliseconds(20), issues: issues)
        go(driver, to: ["a", "b"])
        try await eventually("2 routing issue(s)") { issues.issues.count >= 2 }
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(issues.issues.map(\.kind) == [.completionTimedOut, .completionTimedOut])
        #expect(
            issues.issues.map(\.step) == [
                .push(responsibleRoutableIndex: 0, segment: "a"),
                .push(responsibleRoutableIndex: 1, segment: "b"),
            ])
        #expect(issues.issues[0].message.contains("not called within 20 ms"))
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        #expect(driver.currentRoute == ["a", "b"])
    }

    @Test func aCompletionCalledLateAfterTheTimeoutIsIgnored() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let timers = ManualTimers()
        let driver = RouteDriver(
            rootRoutable: FakeRoutable(log: log, style: .manual), scheduler: .immediate,
            completionTimeout: .milliseconds(20), startTimer: timers.starter)
        driver.setErrorHandler { issues.collect($0) }
        go(driver, to: ["a", "b"])
        #expect(log.events == ["root.push(a)"])
        timers.fireNext()  // push(a) times out: reported, and push(b) starts
        #expect(issues.issues.map(\.kind) == [.completionTimedOut])
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        log.completePendingHere()  // push(a)'s late call: must not finish push(b)
        #expect(driver.currentRoute == ["a"])
        #expect(driver.isTransitioning)
        log.completePendingHere()  // push(b)'s own call
        #expect(driver.currentRoute == ["a", "b"])
        #expect(!driver.isTransitioning)
        #expect(timers.pendingCount == 1)
        timers.fireNext()  // push(b)'s timeout, cancelled by its completion: reports nothing
        #expect(issues.issues.map(\.kind) == [.completionTimedOut])
    }

    @Test func aCompletionCalledTwiceIsReportedOnce() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let driver = makeDriver(FakeRoutable(log: log, style: .twice), issues: issues)
        go(driver, to: ["a", "b"])
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        #expect(issues.issues.map(\.kind) == [.completionCalledMoreThanOnce, .completionCalledMoreThanOnce])
        #expect(driver.currentRoute == ["a", "b"])
    }

    @Test func userNavigationChangesTheShownRouteWithoutCallingRoutables() {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous))
        go(driver, to: ["a", "b", "c"])
        driver.userNavigated(to: ["a"])
        #expect(log.events == ["root.push(a)", "a.push(b)", "b.push(c)"])
        #expect(driver.currentRoute == ["a"])

        go(driver, to: ["a", "d"])
        #expect(log.events.last == "a.push(d)")
        #expect(driver.currentRoute == ["a", "d"])
    }

    @Test func userNavigationMidTransitionSkipsTheRemainingSteps() async throws {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .manual))
        go(driver, to: ["a", "b", "c"])
        driver.userNavigated(to: [])
        log.completePending()
        try await eventually("the driver to finish its transition") { !driver.isTransitioning }
        #expect(log.events == ["root.push(a)"])
        #expect(driver.currentRoute == [])

        go(driver, to: ["x"])
        #expect(log.events == ["root.push(a)", "root.push(x)"])
    }

    @Test func aStepNeedingARoutableTheUserNavigatedPastIsReported() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous), issues: issues)
        go(driver, to: ["a"])
        driver.userNavigated(to: ["a", "u"])
        go(driver, to: ["a", "u", "v"])
        #expect(issues.issues.map(\.kind) == [.missingRoutable])
        #expect(issues.issues.first?.message.contains(#"navigated to "u""#) == true)
        #expect(driver.currentRoute == ["a", "u"])

        go(driver, to: ["a"])
        #expect(log.events == ["root.push(a)", "a.pop(u)"])
        #expect(driver.currentRoute == ["a"])
    }

    @Test func repeatedNavigationStatesAreIgnored() {
        let log = RoutingLog()
        let driver = makeDriver(FakeRoutable(log: log, style: .synchronous))
        let state = NavigationReducer.handleAction(SetRouteAction(["a"]), state: nil)
        driver.navigationStateChanged(state)
        driver.navigationStateChanged(state)
        #expect(log.events == ["root.push(a)"])

        driver.userNavigated(to: [])
        driver.navigationStateChanged(state)
        #expect(log.events == ["root.push(a)"])

        let again = NavigationReducer.handleAction(SetRouteAction(["a"]), state: state)
        driver.navigationStateChanged(again)
        #expect(log.events == ["root.push(a)", "root.push(a)"])
    }
}

/// Records whether it was called on the queue carrying `key`.
private struct QueueCheckingRoutable: Routable {
    let log: RoutingLog
    let key: DispatchSpecificKey<String>

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElement, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record(
            "push(\(routeElementIdentifier)) on \(DispatchQueue.getSpecific(key: key) ?? "another queue")")
        DispatchQueue.global().async { completionHandler() }
        return self
    }
}

/// Implements the steps under ReSwift-Router's main-branch names.
private struct MainBranchRoutable: Routable {
    let name: String
    let log: RoutingLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("\(name).push(\(element))")
        completion()
        return MainBranchRoutable(name: element, log: log)
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        log.record("\(name).pop(\(element))")
        completion()
    }

    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        log.record("\(name).change(\(from)→\(to))")
        completion()
        return MainBranchRoutable(name: to, log: log)
    }
}
