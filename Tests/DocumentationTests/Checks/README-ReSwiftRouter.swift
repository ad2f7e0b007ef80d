// Run after README.md's ReSwiftRouter program (GuideProgramTests): the router followed both
// routes and ended where the store's route is.
import ReSwift
import ReSwiftRouter
import Testing

@MainActor @Test func theRouterEndedOnTheStoresRoute() {
    #expect(router.currentRoute == ["settings"])
    #expect(store.state.navigationState.route == ["settings"])
}
