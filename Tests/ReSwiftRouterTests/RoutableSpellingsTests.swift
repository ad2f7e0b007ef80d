import Foundation
import ReSwift
import Testing

@testable import ReSwiftRouter

/// The two spellings of the Routable steps: ReSwift-Router's main-branch names
/// (`push(_:animated:completion:)`, …) and its 0.7.1 names (`pushRouteSegment(_:animated:completionHandler:)`, …).
@Suite struct RoutableSpellingsTests {
    private func makeRouter(_ root: Routable, issues: IssueCollector = IssueCollector()) -> (
        Store<TestAppState>, Router<TestAppState>
    ) {
        let store = makeTestStore()
        let router = Router(store: store, rootRoutable: root, errorHandler: { issues.collect($0) }) {
            $0.select(\.navigationState)
        }
        return (store, router)
    }

    @Test func aStepImplementedUnderBothNamesIsPerformedByTheMainBranchOne() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let (store, router) = makeRouter(BothSpellingsRoutable(log: log), issues: issues)
        store.dispatch(SetRouteAction(["a"]))
        store.dispatch(SetRouteAction(["b"]))
        store.dispatch(SetRouteAction([]))
        #expect(log.events == ["main.push(a)", "main.change(a→b)", "main.pop(b)"])
        #expect(router.currentRoute == [])
        #expect(issues.issues.isEmpty)
    }

    @Test func eachStepMayUseEitherSpelling() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let (store, router) = makeRouter(MixedSpellingsRoutable(log: log), issues: issues)
        store.dispatch(SetRouteAction(["a"]))
        store.dispatch(SetRouteAction(["b"]))
        store.dispatch(SetRouteAction([]))
        #expect(log.events == ["main.push(a)", "released.change(a→b)", "released.pop(b)"])
        #expect(router.currentRoute == [])
        #expect(issues.issues.isEmpty)
    }

    @Test func callingTheOtherNameReachesTheImplementedOne() {
        let log = RoutingLog()
        let main = MainBranchOnlyRoutable(log: log)
        _ = main.pushRouteSegment("a", animated: true) { log.record("completed") }
        main.popRouteSegment("a", animated: false) { log.record("completed") }
        _ = main.changeRouteSegment("a", to: "b", animated: true) { log.record("completed") }

        let released = PushOnlyRoutable(log: log)
        _ = released.push("c", animated: true) { log.record("completed") }

        #expect(
            log.events == [
                "main.push(a)", "completed", "main.pop(a)", "completed", "main.change(a→b)", "completed",
                "pushOnly.push(c)", "completed",
            ])
    }

    @Test func aRoutableReachedThroughTheOtherNameMayCallTheSameStepBelowIt() {
        let log = RoutingLog()
        let issues = IssueCollector()
        let context = MissingStepContext { main, released, type in
            issues.collect(
                RoutingIssue(
                    .missingStep(mainBranchName: main, releasedName: released, routableType: type),
                    step: .push(responsibleRoutableIndex: 0, segment: "?"), from: [], to: []))
        }
        MissingStepContext.$current.withValue(context) {
            _ = NestingRoutable(depth: 0, log: log).pushRouteSegment("a", animated: false) {}
        }
        #expect(log.events == ["nesting0.push(a)", "nesting1.push(a.inner)"])
        #expect(issues.issues.isEmpty)
    }

    @Test func aStepUnderNeitherNameIsReportedOnceWhicheverNameIsCalled() {
        let reported = RoutingLog()
        let context = MissingStepContext { main, released, type in
            reported.record("\(type): \(main) / \(released)")
        }
        let empty = EmptyRoutable()
        let results: [Routable] = MissingStepContext.$current.withValue(context) {
            let pushed = empty.push("a", animated: true) { Issue.record("no completion for a missing step") }
            let pushedAsReleased = empty.pushRouteSegment("a", animated: true) {
                Issue.record("no completion for a missing step")
            }
            empty.pop("a", animated: true) { Issue.record("no completion for a missing step") }
            empty.popRouteSegment("a", animated: true) { Issue.record("no completion for a missing step") }
            let changed = empty.change("a", to: "b", animated: true) {
                Issue.record("no completion for a missing step")
            }
            let changedAsReleased = empty.changeRouteSegment("a", to: "b", animated: true) {
                Issue.record("no completion for a missing step")
            }
            return [pushed, pushedAsReleased, changed, changedAsReleased]
        }
        #expect(results.allSatisfy { $0 is EmptyRoutable })
        #expect(
            reported.events == [
                "EmptyRoutable: push(_:animated:completion:) / pushRouteSegment(_:animated:completionHandler:)",
                "EmptyRoutable: push(_:animated:completion:) / pushRouteSegment(_:animated:completionHandler:)",
                "EmptyRoutable: pop(_:animated:completion:) / popRouteSegment(_:animated:completionHandler:)",
                "EmptyRoutable: pop(_:animated:completion:) / popRouteSegment(_:animated:completionHandler:)",
                "EmptyRoutable: change(_:to:animated:completion:) / "
                    + "changeRouteSegment(_:to:animated:completionHandler:)",
                "EmptyRoutable: change(_:to:animated:completion:) / "
                    + "changeRouteSegment(_:to:animated:completionHandler:)",
            ])
    }

    @Test func aMissingStepIsReportedWithBothNames() {
        let issues = IssueCollector()
        let (store, router) = makeRouter(EmptyRoutable(), issues: issues)
        store.dispatch(SetRouteAction(["a"]))
        #expect(issues.issues.map(\.kind) == [.missingStep])
        #expect(
            issues.issues.first?.message.hasPrefix(
                "EmptyRoutable implements neither push(_:animated:completion:) nor "
                    + "pushRouteSegment(_:animated:completionHandler:), which the router needs to push \"a\""
            ) == true)
        #expect(router.currentRoute == [])
    }

    @Test func routeHashesAreEqualExactlyWhenTheirRoutesAre() {
        let operatorFunction: (RouteHash, RouteHash) -> Bool = (==)
        #expect(operatorFunction(RouteHash(route: ["a", "b"]), RouteHash(route: ["a", "b"])))
        #expect(!operatorFunction(RouteHash(route: ["a", "b"]), RouteHash(route: ["a/b"])))
        #expect(!operatorFunction(RouteHash(route: []), RouteHash(route: [""])))
        #expect(Set([RouteHash(route: ["a"]), RouteHash(route: ["a"]), RouteHash(route: ["b"])]).count == 2)
    }
}

/// Implements every step under both names, recording which one ran.
private struct BothSpellingsRoutable: Routable {
    let log: RoutingLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("main.push(\(element))")
        completion()
        return self
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        log.record("main.pop(\(element))")
        completion()
    }

    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        log.record("main.change(\(from)→\(to))")
        completion()
        return self
    }

    func pushRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("released.push(\(routeElementIdentifier))")
        completionHandler()
        return self
    }

    func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        log.record("released.pop(\(routeElementIdentifier))")
        completionHandler()
    }

    func changeRouteSegment(
        _ from: RouteElementIdentifier, to: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("released.change(\(from)→\(to))")
        completionHandler()
        return self
    }
}

/// Pushes under the main-branch name, pops and changes under the 0.7.1 names.
private struct MixedSpellingsRoutable: Routable {
    let log: RoutingLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("main.push(\(element))")
        completion()
        return self
    }

    func popRouteSegment(
        _ routeElementIdentifier: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) {
        log.record("released.pop(\(routeElementIdentifier))")
        completionHandler()
    }

    func changeRouteSegment(
        _ from: RouteElementIdentifier, to: RouteElementIdentifier, animated: Bool,
        completionHandler: @escaping RoutingCompletionHandler
    ) -> Routable {
        log.record("released.change(\(from)→\(to))")
        completionHandler()
        return self
    }
}

/// Implements every step under the main-branch names only.
private struct MainBranchOnlyRoutable: Routable {
    let log: RoutingLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("main.push(\(element))")
        completion()
        return self
    }

    func pop(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) {
        log.record("main.pop(\(element))")
        completion()
    }

    func change(
        _ from: RouteElement, to: RouteElement, animated: Bool, completion: @escaping RoutingCompletion
    ) -> Routable {
        log.record("main.change(\(from)→\(to))")
        completion()
        return self
    }
}

/// Pushes under the main-branch name and, once, asks another of its kind to push below it under
/// the 0.7.1 name.
private struct NestingRoutable: Routable {
    let depth: Int
    let log: RoutingLog

    func push(_ element: RouteElement, animated: Bool, completion: @escaping RoutingCompletion) -> Routable {
        log.record("nesting\(depth).push(\(element))")
        if depth == 0 {
            _ = NestingRoutable(depth: 1, log: log).pushRouteSegment(
                element + ".inner", animated: animated, completionHandler: {})
        }
        completion()
        return self
    }
}

/// Implements no step.
private struct EmptyRoutable: Routable {}
