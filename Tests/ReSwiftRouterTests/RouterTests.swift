import Dispatch
import ReSwift
import ReSwiftRouter
import TestSupport
import Testing

/// The router subscribed to a real store.
@Suite(.timeLimit(.minutes(3))) struct RouterTests {
    @Test func routesToTheStoresRouteWhenCreated() {
        let log = RoutingLog()
        let store = makeTestStore(route: ["a", "b"])
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)) {
            $0.select { $0.navigationState }
        }
        #expect(log.events == ["root.push(a)", "a.push(b)"])
        #expect(router.currentRoute == ["a", "b"])
    }

    @Test func setRouteActionsFromAnotherThreadDriveAsynchronousRoutables() async throws {
        let log = RoutingLog()
        let store = makeTestStore()
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .asynchronous)) {
            $0.select(\.navigationState)
        }
        DispatchQueue.global().async { store.dispatch(SetRouteAction(["a", "b"])) }
        try await log.wait { $0.count == 2 }
        try await eventually("the router to finish its transition") { !router.isTransitioning }
        #expect(log.events == ["root.push(a)", "a.push(b)"])

        store.dispatch(SetRouteAction(["a"], animated: false))
        try await log.wait { $0.count == 3 }
        #expect(log.events.last == "a.pop(b) instantly")
        try await eventually("the router to finish its transition") { !router.isTransitioning }
        #expect(router.currentRoute == ["a"])
    }

    @Test func concurrentRouteChangesEndAtTheStoresFinalRoute() async throws {
        let log = RoutingLog()
        let store = makeTestStore()
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .asynchronous)) {
            $0.select(\.navigationState)
        }
        let routes: [Route] = [
            ["a"], ["a", "b"], ["c"], ["c", "d", "e"], [], ["a", "x"], ["f"], ["a", "b", "c"],
        ]
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            store.dispatch(SetRouteAction(routes[index % routes.count]))
        }
        try await eventually("the router to finish its transition") { !router.isTransitioning }
        #expect(router.currentRoute == store.state.navigationState.route)
    }

    @Test func unrelatedActionsDoNotRoute() {
        let log = RoutingLog()
        let store = makeTestStore(route: ["a"])
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)) {
            $0.select(\.navigationState)
        }
        store.dispatch(IncrementCounter())
        store.dispatch(SetRouteSpecificData(route: ["a"], data: "payload"))
        #expect(log.events == ["root.push(a)"])
        #expect(router.currentRoute == ["a"])
        #expect(store.state.navigationState.getRouteSpecificState(["a"]) == "payload")
    }

    @Test func settingTheShownRouteAgainCallsNoRoutable() {
        let log = RoutingLog()
        let store = makeTestStore()
        withExtendedLifetime(
            Router(store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)) {
                $0.select(\.navigationState)
            }
        ) {
            store.dispatch(SetRouteAction(["a"]))
            store.dispatch(SetRouteAction(["a"]))
        }
        #expect(log.events == ["root.push(a)"])
    }

    @Test func userNavigationIsWrittenIntoTheStateButNotRepeated() {
        let log = RoutingLog()
        let store = makeTestStore()
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)) {
            $0.select(\.navigationState)
        }
        store.dispatch(SetRouteAction(["list", "detail"]))
        store.dispatch(SetRouteAction.userNavigated(to: ["list"]))
        store.dispatch(IncrementCounter())
        #expect(store.state.navigationState.route == ["list"])
        #expect(router.currentRoute == ["list"])
        #expect(log.events == ["root.push(list)", "list.push(detail)"])

        store.dispatch(SetRouteAction(["list", "other"]))
        #expect(log.events.last == "list.push(other)")
    }

    @Test func disablePopActionSkipsOnlyThePops() {
        let log = RoutingLog()
        let store = makeTestStore(route: ["list", "detail"])
        let router = Router(store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)) {
            $0.select(\.navigationState)
        }
        store.dispatch(SetRouteAction(["list"], disablePopAction: true))
        store.dispatch(EnablePopAction())
        #expect(log.events == ["root.push(list)", "list.push(detail)"])
        #expect(router.currentRoute == ["list"])
        store.dispatch(SetRouteAction(["list", "detail"]))
        #expect(log.events.last == "list.push(detail)")
        #expect(log.events.count == 3)
    }

    @Test func aRouterThatWentAwayStopsRouting() {
        let log = RoutingLog()
        let store = makeTestStore()
        var router: Router<TestAppState>? = Router(
            store: store, rootRoutable: FakeRoutable(log: log, style: .synchronous)
        ) { $0.select(\.navigationState) }
        store.dispatch(SetRouteAction(["a"]))
        #expect(router?.currentRoute == ["a"])
        router = nil
        store.dispatch(SetRouteAction(["b"]))
        #expect(log.events == ["root.push(a)"])
    }

    /// In a child process (`storeDeferralScenario`, its "routable-dispatches" scenario): the
    /// router is a subscriber, so the routable's dispatch is deferred, and a store that ran it
    /// while still notifying would stop on its internal precondition, and take this process with it.
    @Test func aRoutableMayDispatchWhileItIsCalled() throws {
        #expect(try storeDeferralScenario("routable-dispatches") == ["push a", "route a", "data shown"])
    }

    @Test func issuesReachAnOverriddenHook() {
        let log = RoutingLog()
        let store = makeTestStore(route: ["a"])
        let router = CollectingRouter(store: store, rootRoutable: PushOnlyRoutable(log: log)) {
            $0.select(\.navigationState)
        }
        store.dispatch(SetRouteAction(["b"]))
        #expect(router.collected.issues.map(\.kind) == [.missingStep])
        #expect(
            router.collected.issues.first?.message.contains(
                "changeRouteSegment(_:to:animated:completionHandler:)") == true)
        #expect(router.currentRoute == ["a"])
    }

    @Test func aCompletionNeverCalledReachesTheErrorHandlerAfterTheTimeout() async throws {
        let log = RoutingLog()
        let issues = IssueCollector()
        let store = makeTestStore()
        let router = Router(
            store: store, rootRoutable: FakeRoutable(log: log, style: .never),
            completionTimeout: .milliseconds(10), errorHandler: { issues.collect($0) }
        ) { $0.select(\.navigationState) }
        store.dispatch(SetRouteAction(["a"]))
        try await eventually("1 routing issue(s)") { issues.issues.count >= 1 }
        #expect(issues.issues.first?.kind == .completionTimedOut)
        #expect(issues.issues.first?.toRoute == ["a"])
        try await eventually("the router to finish its transition") { !router.isTransitioning }
        #expect(router.currentRoute == ["a"])
    }
}

extension RouterTests {
    @Test func aRouterWithoutAnErrorHandlerReportsToRouterHooks() async throws {
        let issues = IssueCollector()
        let previous = RouterHooks.errorHandler
        // Other tests' routers may report here meanwhile: only this test's route counts.
        RouterHooks.errorHandler = { issue in if issue.toRoute == ["hooked"] { issues.collect(issue) } }
        defer { RouterHooks.errorHandler = previous }
        let store = makeTestStore()
        let router = Router(
            store: store, rootRoutable: FakeRoutable(log: RoutingLog(), style: .never),
            completionTimeout: .milliseconds(10)
        ) { $0.select(\.navigationState) }
        store.dispatch(SetRouteAction(["hooked"]))
        try await eventually("1 routing issue(s)") { issues.issues.count >= 1 }
        #expect(issues.issues.first?.kind == .completionTimedOut)
        try await eventually("the router to finish its transition") { !router.isTransitioning }
    }
}

/// A router whose overridden hook collects issues.
private final class CollectingRouter: Router<TestAppState>, @unchecked Sendable {
    // Sendable: `collected` is immutable and thread-safe.
    let collected = IssueCollector()

    override func routingIssueOccurred(_ issue: RoutingIssue) {
        collected.collect(issue)
    }
}
