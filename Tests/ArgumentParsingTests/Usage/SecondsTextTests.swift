import ArgumentParsing
import Testing

/// The one seconds formatter of every executable's messages.
@Suite struct SecondsTextTests {
    @Test func wholeNumbersHaveNoFraction() {
        #expect(SecondsText.number(60) == "60")
        #expect(SecondsText.number(0) == "0")
        #expect(SecondsText.number(2.5) == "2.5")
        #expect(SecondsText.number(0.1) == "0.1")
    }

    @Test func oneSecondIsSingularAndEveryOtherNumberPlural() {
        #expect(SecondsText.phrase(1) == "1 second")
        #expect(SecondsText.phrase(60) == "60 seconds")
        #expect(SecondsText.phrase(0.5) == "0.5 seconds")
        #expect(SecondsText.phrase(1.5) == "1.5 seconds")
        #expect(SecondsText.phrase(0) == "0 seconds")
    }

    @Test func hugeAndNonFiniteNumbersArePrintedNotTrapped() {
        #expect(SecondsText.number(1e20) == "1e+20")
        #expect(SecondsText.number(.infinity) == "inf")
    }
}
