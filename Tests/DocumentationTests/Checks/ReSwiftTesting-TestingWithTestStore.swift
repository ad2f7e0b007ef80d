// Run after ReSwiftTesting's "Testing with TestStore" (GuideProgramTests), whose `@Test`s run
// with these: what its top-level examples checked, which no test run sees there.
import ReSwiftTesting
import Testing

@MainActor @Test func theTopLevelExamplesGotWhatTheyCheck() {
    #expect(count == 1)
    #expect(recorder.last(ChangeCategory.self)?.index == 2)
}
