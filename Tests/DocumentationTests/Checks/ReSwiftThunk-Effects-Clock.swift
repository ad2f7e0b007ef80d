// Run after the second program of ReSwiftThunk's "Effects: cancellation, timing and listeners"
// (GuideProgramTests): its comment says what the debounced searches left in the state.
import Testing

@MainActor @Test func onlyTheLastSearchAsYouTypeRan() {
    #expect(store.state.books == ["swift in Depth"])
}
