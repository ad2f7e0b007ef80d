// Run after the third program of ReSwiftThunk's "Effects: cancellation, timing and listeners"
// (GuideProgramTests): the listeners it registers, in a store on its clock.
import ReSwift
import ReSwiftThunk
import Testing

@MainActor @Test func theListenersSearchTheLatestQueryAndRefillAnEmptyResult() async {
    let store = Store<AppState>(
        reducer: appReducer, state: nil,
        middleware: [createThunkMiddleware(effects: ThunkEffects(clock: clock)), listeners.middleware])
    store.dispatch(QueryChanged(query: "sw"))
    await clock.advance(by: .milliseconds(100))
    store.dispatch(QueryChanged(query: "swif"))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.books == ["swif in Depth"], "the latest query only")

    // An empty result waits for the query to be cleared, then searches for "swift".
    store.dispatch(SearchFinished(books: []))
    await clock.settle()
    #expect(store.state.query == "swif")
    store.dispatch(QueryChanged(query: ""))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.query == "swift")
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.books == ["swift in Depth"])
    #expect(listeners.statistics.activeRuns == 0)
}
