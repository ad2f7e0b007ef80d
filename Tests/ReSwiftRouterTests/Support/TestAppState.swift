import ReSwift
import ReSwiftRouter

/// An app state with a navigation slice and something unrelated to navigation.
struct TestAppState: HasNavigationState {
    var navigationState = NavigationState()
    var counter = 0
}

struct IncrementCounter: Action {}

func testAppReducer(action: Action, state: TestAppState?) -> TestAppState {
    var state = state ?? TestAppState()
    state.navigationState = NavigationReducer.handleAction(action, state: state.navigationState)
    if action is IncrementCounter {
        state.counter += 1
    }
    return state
}

func makeTestStore(route: Route = []) -> Store<TestAppState> {
    var state = TestAppState()
    state.navigationState.route = route
    return Store(reducer: testAppReducer, state: state)
}
