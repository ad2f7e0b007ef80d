import Testing

@testable import LibraryFinderModel

/// The timeout message counts seconds in English (issue 23 §1.10: "1 seconds").
@Suite struct CalilErrorWordingTests {
    @Test func aOneSecondTimeoutSaysOneSecond() {
        let text = CalilError(.timedOut(host: "api.calil.jp", seconds: 1)).description
        #expect(text.contains("did not answer within 1 second. "), "\(text)")
    }

    @Test func otherTimeoutsArePlural() {
        #expect(
            CalilError(.timedOut(host: "api.calil.jp", seconds: 0.5)).description.contains(
                "did not answer within 0.5 seconds. "))
        #expect(
            CalilError(.timedOut(host: "api.calil.jp", seconds: 30)).description.contains(
                "did not answer within 30 seconds. "))
    }
}
