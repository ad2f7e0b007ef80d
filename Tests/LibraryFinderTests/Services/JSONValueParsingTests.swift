import Foundation
import ReSwiftPersistence
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The one-pass JSON reader the Calil decoders use.
@Suite struct JSONValueParsingTests {
    private func parse(_ text: String, depth: Int = 32) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8), maximumDepth: depth)
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(
            #" {"a": [true, false, null, 0, -1.5e3, 12345678901234567890, "x"], "b": {}, "c": [] } "#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .bool(true), .bool(false), .null, .integer(0), .double(-1500),
                        .double(1.234_567_890_123_456_8e19), .string("x"),
                    ]),
                    "b": .object([:]), "c": .array([]),
                ]))
        #expect(try parse("1e400") == .double(.infinity))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("2.0") == .double(2))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse(#"{"k": 1, "k": 2}"#) == .object(["k": .integer(2)]))
    }

    @Test func calilReadingsTakeIntegersAndDoublesAlike() {
        #expect(JSONValue.integer(12).text == "12")
        #expect(JSONValue.double(12).text == "12")
        #expect(JSONValue.double(1.5).text == "1.5")
        #expect(JSONValue.integer(3).number == 3)
        #expect(JSONValue.string(" 2.5 ").number == 2.5)
        #expect(JSONValue.integer(0).flag == false)
        #expect(JSONValue.double(1).flag == true)
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u79cb \ud83e\udd5b""#) == .string("é秋 🥛"))
        #expect(try parse(#""\ud83e x \udd5b""#) == .string("\u{FFFD} x \u{FFFD}"))
        #expect(try parse(#""秋田 🥛""#) == .string("秋田 🥛"))
    }

    @Test(arguments: [
        "", " ", "[", "[1,]", "[1 2]", "{\"a\" 1}", "{1: 2}", "{\"a\": 1,}", "tru", "nul", "01", "1.", "-",
        "1e", ".5", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "[1] x", "+1",
    ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(throws: JSONValue.ParseError.self) { try parse(text) }
    }

    @Test func refusesNestingDeeperThanAllowed() throws {
        #expect(try parse("[[[]]]", depth: 3) == .array([.array([.array([])])]))
        #expect(throws: JSONValue.ParseError.self) { try parse("[[[[]]]]", depth: 3) }
        #expect(throws: JSONValue.ParseError.self) { try parse(String(repeating: "[", count: 100_000)) }
    }

    @Test func stopsAtAPassedDeadline() {
        let expired = CalilError(.timedOut(host: "h", seconds: 1))
        let deadline = AnswerDeadline(seconds: 0, expired: expired)
        let many = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
        #expect(throws: expired) {
            try JSONValue.parse(Data(many.utf8), maximumDepth: 32, deadline: deadline)
        }
        let long = "\"" + String(repeating: "x", count: 3 << 20) + "\""
        #expect(throws: expired) {
            try JSONValue.parse(Data(long.utf8), maximumDepth: 32, deadline: deadline)
        }
    }
}
