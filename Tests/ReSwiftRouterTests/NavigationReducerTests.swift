import Foundation
import ReSwift
import Testing

@testable import ReSwiftRouter

@Suite struct NavigationReducerTests {
    private struct OtherAction: Action {}

    @Test func nilStateBecomesTheRootRoute() {
        let state = NavigationReducer.handleAction(ReSwiftInit(), state: nil)
        #expect(state.route == [])
        #expect(state.routeSpecificState.isEmpty)
    }

    @Test func setRouteActionSetsTheRouteAndAnimation() {
        let state = NavigationReducer.handleAction(SetRouteAction(["a", "b"], animated: false), state: nil)
        #expect(state.route == ["a", "b"])
        #expect(state.changeRouteAnimated == false)
        #expect(state.routeChangedByUser == false)
    }

    @Test func setRouteActionAnimatesByDefault() {
        #expect(SetRouteAction(["a"]).animated)
        #expect(NavigationReducer.handleAction(SetRouteAction(["a"]), state: nil).changeRouteAnimated)
    }

    @Test func userNavigationIsRecordedAsSuch() {
        let action = SetRouteAction.userNavigated(to: ["a"])
        #expect(action.isUserNavigation)
        let state = NavigationReducer.handleAction(action, state: nil)
        #expect(state.route == ["a"])
        #expect(state.routeChangedByUser)
        let next = NavigationReducer.handleAction(SetRouteAction(["b"]), state: state)
        #expect(next.routeChangedByUser == false)
    }

    @Test func everySetRouteActionCountsAsANewRequestEvenForTheSameRoute() {
        let first = NavigationReducer.handleAction(SetRouteAction(["a"]), state: nil)
        let second = NavigationReducer.handleAction(SetRouteAction(["a"]), state: first)
        #expect(second.routeRequestCount == first.routeRequestCount + 1)
    }

    @Test func disablePopActionIsKeptUntilEnablePopAction() {
        var state = NavigationReducer.handleAction(SetRouteAction(["a"], disablePopAction: true), state: nil)
        #expect(state.disablePopAction)
        state = NavigationReducer.handleAction(EnablePopAction(), state: state)
        #expect(state.disablePopAction == false)
        #expect(state.route == ["a"])
        #expect(SetRouteAction.type == "RE_SWIFT_ROUTER_SET_ROUTE")
    }

    @Test func setRouteActionsSurviveEncodingForRecordedSessions() throws {
        let actions = [
            SetRouteAction(["a", "b"], animated: false), SetRouteAction.userNavigated(to: ["a"]),
            SetRouteAction([], disablePopAction: true),
        ]
        let data = try JSONEncoder().encode(actions)
        #expect(try JSONDecoder().decode([SetRouteAction].self, from: data) == actions)
    }

    @Test func aSetRouteActionDecodesFromItsRouteAlone() throws {
        let action = try JSONDecoder().decode(SetRouteAction.self, from: Data(#"{"route":["x"]}"#.utf8))
        #expect(action == SetRouteAction(["x"]))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SetRouteAction.self, from: Data(#"{"animated":true}"#.utf8))
        }
    }

    @Test func otherActionsLeaveTheStateUnchanged() {
        var state = NavigationReducer.handleAction(SetRouteAction(["a"]), state: nil)
        state = NavigationReducer.handleAction(OtherAction(), state: state)
        #expect(state.route == ["a"])
        #expect(state.routeRequestCount == 1)
    }

    @Test func routeSpecificDataIsStoredPerRoute() {
        var state = NavigationReducer.handleAction(
            SetRouteSpecificData(route: ["a", "b"], data: 42), state: nil)
        state = NavigationReducer.handleAction(SetRouteSpecificData(route: ["a"], data: "top"), state: state)
        let deep: Int? = state.getRouteSpecificState(["a", "b"])
        let top: String? = state.getRouteSpecificState(["a"])
        let missing: Int? = state.getRouteSpecificState(["c"])
        #expect(deep == 42)
        #expect(top == "top")
        #expect(missing == nil)
        #expect(state.route == [])
    }

    @Test func routeSpecificDataIsReplacedAndTypeChecked() {
        var state = NavigationReducer.handleAction(SetRouteSpecificData(route: ["a"], data: 1), state: nil)
        state = NavigationReducer.handleAction(SetRouteSpecificData(route: ["a"], data: 2), state: state)
        let value: Int? = state.getRouteSpecificState(["a"])
        let wrongType: String? = state.getRouteSpecificState(["a"])
        #expect(value == 2)
        #expect(wrongType == nil)
    }

    @Test func routeHashesDistinguishSegmentsContainingSlashes() {
        #expect(RouteHash(route: ["a/b"]) != RouteHash(route: ["a", "b"]))
        #expect(RouteHash(route: ["a", "b"]) == RouteHash(route: ["a", "b"]))
        #expect(RouteHash(route: ["a", "b"]).description == "/a/b")
    }
}
