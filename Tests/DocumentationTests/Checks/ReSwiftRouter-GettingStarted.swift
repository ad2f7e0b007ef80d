// Run after the first program of ReSwiftRouter's "Getting Started" (GuideProgramTests): what its
// comments and its text say the router did, and that its 0.7.1 Routable works unchanged.
import ReSwift
import ReSwiftRouter
import Testing

@MainActor @Test func theRouterDidWhatThePageSays() {
    // The page's dispatches ended on ["settings"], with the route's data stored beside it.
    #expect(stack.screens == ["settings"])
    #expect(router.currentRoute == ["settings"])
    #expect(title == "Dune")

    store.dispatch(SetRouteAction(["books", "detail"]))
    #expect(stack.screens == ["books", "detail"])
    store.dispatch(SetRouteAction(["settings"]))
    #expect(stack.screens == ["settings"], "popped detail, changed books to settings")

    // The user went back on their own: the route follows without a transition.
    store.dispatch(SetRouteAction(["settings", "about"]))
    store.dispatch(SetRouteAction.userNavigated(to: ["settings"]))
    #expect(stack.screens == ["settings", "about"])
    #expect(store.state.navigationState.route == ["settings"])
    #expect(router.currentRoute == ["settings"])
}

@MainActor @Test func theRoutableWrittenFor071WorksUnchanged() {
    let store = Store<AppState>(reducer: appReducer, state: nil)
    let stack = LegacyScreenStack()
    let router = Router(store: store, rootRoutable: stack) { $0.select { $0.navigationState } }
    store.dispatch(SetRouteAction(["books", "detail"]))
    #expect(stack.screens == ["books", "detail"])
    store.dispatch(SetRouteAction(["books"]))
    #expect(stack.screens == ["books"])
    #expect(router.currentRoute == ["books"])
}
