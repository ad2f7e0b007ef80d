// Run after the first program of ReSwiftThunk's "Effects: cancellation, timing and listeners"
// (GuideProgramTests): what "Cancel by id", "Latest wins" and "Debounce and throttle" say of
// the code they show. The page's given store has a TestClock.
import ReSwift
import ReSwiftThunk
import Testing

@MainActor @Test func cancelByIDLatestWinsAndThrottle() async throws {
    // Cancel by id: the poll dispatches at 0, 2 and 4 s, then nothing once cancelled.
    bookViewAppeared()
    await clock.advance(by: .seconds(4))
    #expect(store.state.checks.count == 3, "at 0, 2 and 4 s")
    bookViewDisappeared()
    await clock.advance(by: .seconds(10))
    #expect(store.state.checks.count == 3)

    // Latest wins: an awaited search returns what it dispatched.
    let books = try await store.dispatch(search("swift"))
    #expect(books == ["swift in Depth"])
    #expect(store.state.books == books)

    // Throttle: the first refresh runs, the next within 5 s is dropped, one after runs.
    store.dispatch(QueryChanged(query: "x"))
    store.dispatch(SearchFinished(books: ["stale"]))
    try await store.dispatch(refresh)
    #expect(store.state.books == [])
    store.dispatch(SearchFinished(books: ["stale"]))
    await #expect(throws: CancellationError.self) { try await store.dispatch(refresh) }
    #expect(store.state.books == ["stale"])
    await clock.advance(by: .seconds(5))
    try await store.dispatch(refresh)
    #expect(store.state.books == [])
}
