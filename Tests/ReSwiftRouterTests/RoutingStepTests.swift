import ReSwiftRouter
import Testing

@Suite struct RoutingStepTests {
    @Test func identicalRoutesNeedNoSteps() {
        #expect(RoutingStep.steps(from: ["a", "b"], to: ["a", "b"]).isEmpty)
    }

    @Test func emptyRoutesNeedNoSteps() {
        #expect(RoutingStep.steps(from: [], to: []).isEmpty)
    }

    @Test func fromTheRootEverySegmentIsPushed() {
        #expect(
            RoutingStep.steps(from: [], to: ["a", "b"]) == [
                .push(responsibleRoutableIndex: 0, segment: "a"),
                .push(responsibleRoutableIndex: 1, segment: "b"),
            ])
    }

    @Test func toTheRootEverySegmentIsPoppedDeepestFirst() {
        #expect(
            RoutingStep.steps(from: ["a", "b"], to: []) == [
                .pop(responsibleRoutableIndex: 1, segment: "b"),
                .pop(responsibleRoutableIndex: 0, segment: "a"),
            ])
    }

    @Test func extendingARoutePushesOnlyTheNewSegments() {
        #expect(
            RoutingStep.steps(from: ["a"], to: ["a", "b", "c"]) == [
                .push(responsibleRoutableIndex: 1, segment: "b"),
                .push(responsibleRoutableIndex: 2, segment: "c"),
            ])
    }

    @Test func shorteningARoutePopsOnlyTheRemovedSegments() {
        #expect(
            RoutingStep.steps(from: ["a", "b", "c"], to: ["a"]) == [
                .pop(responsibleRoutableIndex: 2, segment: "c"),
                .pop(responsibleRoutableIndex: 1, segment: "b"),
            ])
    }

    @Test func differentLastSegmentsAreChanged() {
        #expect(
            RoutingStep.steps(from: ["tabs", "home"], to: ["tabs", "settings"]) == [
                .change(responsibleRoutableIndex: 1, from: "home", to: "settings")
            ])
    }

    @Test func differentRootSegmentsAreChangedAtTheRoot() {
        #expect(
            RoutingStep.steps(from: ["a"], to: ["b"]) == [
                .change(responsibleRoutableIndex: 0, from: "a", to: "b")
            ])
    }

    @Test func rootChangeWithDeeperRoutesPopsThenChangesThenPushes() {
        #expect(
            RoutingStep.steps(from: ["a", "b", "c"], to: ["x", "y"]) == [
                .pop(responsibleRoutableIndex: 2, segment: "c"),
                .pop(responsibleRoutableIndex: 1, segment: "b"),
                .change(responsibleRoutableIndex: 0, from: "a", to: "x"),
                .push(responsibleRoutableIndex: 1, segment: "y"),
            ])
    }

    @Test func divergingRoutesKeepTheLargestCommonPrefix() {
        #expect(
            RoutingStep.steps(from: ["a", "b", "c", "d"], to: ["a", "b", "x", "y", "z"]) == [
                .pop(responsibleRoutableIndex: 3, segment: "d"),
                .change(responsibleRoutableIndex: 2, from: "c", to: "x"),
                .push(responsibleRoutableIndex: 3, segment: "y"),
                .push(responsibleRoutableIndex: 4, segment: "z"),
            ])
    }

    @Test func onlyTheFirstDifferenceCountsEvenIfLaterSegmentsMatch() {
        #expect(
            RoutingStep.steps(from: ["a", "b", "c"], to: ["a", "x", "c"]) == [
                .pop(responsibleRoutableIndex: 2, segment: "c"),
                .change(responsibleRoutableIndex: 1, from: "b", to: "x"),
                .push(responsibleRoutableIndex: 2, segment: "c"),
            ])
    }

    @Test func repeatedSegmentsAreComparedByPosition() {
        #expect(
            RoutingStep.steps(from: ["a", "a"], to: ["a", "a", "a"]) == [
                .push(responsibleRoutableIndex: 2, segment: "a")
            ])
    }

    @Test(
        arguments: [
            ([], ["a", "b", "c"]), (["a", "b", "c"], []), (["a", "b"], ["a", "c", "d"]),
            (["a", "b", "c"], ["a", "x"]), (["x"], ["y", "z"]), (["a", "b"], ["a", "b"]),
        ] as [(Route, Route)])
    func applyingTheStepsToTheOldRouteGivesTheNewRoute(from oldRoute: Route, to newRoute: Route) {
        var route = oldRoute
        for step in RoutingStep.steps(from: oldRoute, to: newRoute) {
            switch step {
            case .push(let index, let segment):
                #expect(index == route.count)
                route.append(segment)
            case .pop(let index, let segment):
                #expect(index == route.count - 1 && route.last == segment)
                route.removeLast()
            case .change(let index, let from, let to):
                #expect(index == route.count - 1 && route.last == from)
                route[index] = to
            }
        }
        #expect(route == newRoute)
    }

    @Test func stepsDescribeThemselvesInWords() {
        #expect(RoutingStep.push(responsibleRoutableIndex: 0, segment: "a").description == #"push "a""#)
        #expect(RoutingStep.pop(responsibleRoutableIndex: 1, segment: "b").description == #"pop "b""#)
        #expect(
            RoutingStep.change(responsibleRoutableIndex: 0, from: "a", to: "b").description
                == #"change "a" to "b""#)
    }
}
