// Run after README.md's ReSwiftThunk program (GuideProgramTests): the dispatch returned the
// thunk's value after its body dispatched what the catalog found.
import ReSwift
import Testing

@MainActor @Test func theDispatchReturnedTheCountTheThunkDispatched() {
    #expect(count == 1)
    #expect(store.state.books == ["swift in Depth"])
}
