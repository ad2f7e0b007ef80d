import TestSupport
import Testing

@Suite struct ThrownErrorTests {
    private struct Expected: Error, Equatable {
        let code: Int
    }

    private struct Other: Error {}

    private func failing(_ code: Int) throws -> Int { throw Expected(code: code) }

    @Test func givesTheErrorOfTheExpectedType() {
        #expect(thrownError(Expected.self) { try failing(7) } == Expected(code: 7))
    }

    @Test func givesTheErrorThatAnAsyncBodyThrows() async {
        let error = await thrownError(Expected.self) {
            await Task.yield()
            return try failing(8)
        }
        #expect(error == Expected(code: 8))
    }

    @Test func recordsAnIssueWhenNothingIsThrown() {
        withKnownIssue {
            #expect(thrownError(Expected.self) { 42 } == nil)
        }
    }

    @Test func recordsAnIssueWhenAnErrorOfAnotherTypeIsThrown() {
        withKnownIssue {
            #expect(thrownError(Expected.self) { throw Other() } == nil)
        }
    }
}
