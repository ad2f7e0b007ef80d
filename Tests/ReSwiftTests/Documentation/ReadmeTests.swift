import ReSwift
import Testing

// The README's ReSwift snippet ("The modules", `ReSwift`), as written, in a function body.
// Keep the two in step: a change to the README's snippet belongs here too.

@Suite struct ReadmeCoreTests {
    @Test func theCounterSnippetCountsAnIncrement() {
        // README snippet, verbatim:
        struct AppState: Equatable { var count = 0 }
        struct Increment: Action {}

        func appReducer(action: Action, state: AppState?) -> AppState {
            var state = state ?? AppState()
            if action is Increment { state.count += 1 }
            return state
        }

        let store = Store<AppState>(reducer: appReducer, state: nil)
        let token = store.subscribe(transform: { $0.select(\.count) }) { count in print("count:", count) }
        store.dispatch(Increment())
        // End of the snippet.

        #expect(store.state.count == 1)
        token.cancel()
    }
}
