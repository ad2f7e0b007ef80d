// Run after README.md's ReSwiftTesting program (GuideProgramTests), whose own test runs too: an
// action the test doesn't receive fails it, as the snippet's last comment says.
import ReSwift
import ReSwiftTesting
import Testing

@MainActor @Test func anActionNotReceivedFailsTheTest() async throws {
    await withKnownIssue {
        let store = TestStore(initialState: AppState(query: "swift"), reducer: appReducer)
        try await store.send(loadBooks())
    }
}
