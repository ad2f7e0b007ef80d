import Testing

@testable import ArgumentParsing

/// Numbers are plain ASCII, finite and within their documented range; the message names it.
@Suite struct NumberParsingTests {
    private func integerMessage(_ text: String, range: ClosedRange<Int> = 1...10_000) -> String? {
        do {
            _ = try NumberParsing.integer(text, for: "--limit", in: range)
            return nil
        } catch {
            return error.message
        }
    }

    private func decimalMessage(_ text: String) -> String? {
        do {
            _ = try NumberParsing.decimal(text, for: "--timeout", in: 0.1...3600, unit: "seconds")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func acceptsPlainWholeNumbersInRange() throws {
        #expect(try NumberParsing.integer("1", for: "--limit", in: 1...10_000) == 1)
        #expect(try NumberParsing.integer("10000", for: "--limit", in: 1...10_000) == 10_000)
        #expect(try NumberParsing.integer("+7", for: "--limit", in: 1...10_000) == 7)
        #expect(try NumberParsing.integer("007", for: "--limit", in: 1...10_000) == 7)
        #expect(try NumberParsing.integer("-3", for: "--x", in: -5...5) == -3)
        #expect(
            try NumberParsing.integer("18446744073709551615", for: "--seed", in: UInt64.min...UInt64.max)
                == UInt64.max)
    }

    @Test(arguments: [
        "", " ", "0", "-1", "10001", "9223372036854775808", "99999999999999999999999", "1.5", "1e3", "nan",
        "inf", "１２", "٣", "1\u{0}", "\u{1B}1", "1 ", " 1", "+", "-", "0x10", "1_000",
    ])
    func refusesAnythingElseNamingTheRange(text: String) {
        let message = integerMessage(text)
        #expect(message?.hasPrefix("--limit needs a whole number from 1 to 10000, not \"") == true)
    }

    @Test func namesTheUnitWhenOneIsGiven() {
        do {
            _ = try NumberParsing.integer(
                "9223372036854775807", for: "DELAY_MS", in: 0...60_000, unit: "milliseconds")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "DELAY_MS needs a whole number of milliseconds from 0 to 60000, not \"9223372036854775807\""
            )
        }
    }

    @Test func acceptsPlainDecimalsInRange() throws {
        #expect(try NumberParsing.decimal("0.5", for: "--timeout", in: 0.1...3600) == 0.5)
        #expect(try NumberParsing.decimal(".5", for: "--timeout", in: 0.1...3600) == 0.5)
        #expect(try NumberParsing.decimal("5.", for: "--timeout", in: 0.1...3600) == 5)
        #expect(try NumberParsing.decimal("1e3", for: "--timeout", in: 0.1...3600) == 1000)
        #expect(try NumberParsing.decimal("3600", for: "--timeout", in: 0.1...3600) == 3600)
        #expect(try NumberParsing.decimal("-70.25", for: "--lon", in: -180...180) == -70.25)
    }

    @Test(arguments: [
        "", "0", "0.05", "-1", "3600.5", "1e16", "1e400", "-1e400", "nan", "NaN", "inf", "-inf", "infinity",
        "0x1p3", "１２", "٣", "1\u{7}", "1e", "e3", ".", "1..2", "1,5", " 1",
    ])
    func refusesOtherDecimalsNamingTheRange(text: String) {
        let message = decimalMessage(text)
        #expect(message?.hasPrefix("--timeout needs a number of seconds from 0.1 to 3600, not \"") == true)
    }

    @Test func describesRangesWithoutNeedlessDecimals() {
        #expect(NumberParsing.describe(0.1...3600.0) == "from 0.1 to 3600")
        #expect(NumberParsing.describe(-180.0...180.0) == "from -180 to 180")
        #expect(NumberParsing.describe(1...10_000) == "from 1 to 10000")
    }
}
