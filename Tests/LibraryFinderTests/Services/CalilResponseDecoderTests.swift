import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct CalilResponseDecoderTests {
    private func decode(_ text: String) throws -> [Library] {
        try CalilResponseDecoder.libraries(from: Data(text.utf8))
    }

    @Test func decodesTheNewerFieldSet() throws {
        let libraries = try decode(Fixtures.akitaNewer)
        #expect(libraries.count == 2)
        let prefectural = libraries[0]
        #expect(prefectural.id == "100431")
        #expect(prefectural.shortName == "県立図書館")
        #expect(prefectural.formalName == "秋田県立図書館")
        #expect(prefectural.category == .regional)
        #expect(prefectural.postcode == "010-0952")
        #expect(prefectural.phone == "018-866-8400")
        #expect(prefectural.website == "https://www.apl.pref.akita.jp/")
        #expect(prefectural.location == Coordinate(longitude: 140.0937, latitude: 39.7181))
        #expect(prefectural.isPrimary == true)
        #expect(prefectural.isil == "JP-1000431")
        #expect(prefectural.faid == "FA012345")
        #expect(prefectural.distanceKm == nil)
    }

    @Test func readsANumericLibidAsAStringAndNullsAsUnknown() throws {
        let meitokukan = try decode(Fixtures.akitaNewer)[1]
        #expect(meitokukan.id == "100440")
        #expect(meitokukan.isPrimary == false)
        #expect(meitokukan.isil == nil)
        #expect(meitokukan.faid == nil)
    }

    @Test func decodesTheOlderFieldSetWithDistances() throws {
        let libraries = try decode(Fixtures.nearOlder)
        #expect(libraries.map(\.id) == ["104501", "104900", "104999"])
        #expect(libraries.map(\.category) == [.university, .readingRoom, .mobile])
        #expect(libraries[0].distanceKm == 0.42)
        #expect(libraries[1].distanceKm == 1.25)
        #expect(libraries[0].isPrimary == nil)
    }

    @Test func turnsEmptyAndMissingFieldsIntoNil() throws {
        let libraries = try decode(Fixtures.nearOlder)
        #expect(libraries[1].postcode == nil)
        #expect(libraries[1].phone == nil)
        #expect(libraries[1].website == nil)
        #expect(libraries[2].location == nil)
        #expect(libraries[2].postcode == nil)
        #expect(libraries[2].website == nil)
    }

    @Test(arguments: ["callback", "cb_123", "jQuery1.handler", "  callback "])
    func stripsAJSONPWrapper(callback: String) throws {
        let wrapped = try decode(Fixtures.jsonp(Fixtures.akitaNewer, callback: callback))
        let plain = try decode(Fixtures.akitaNewer)
        #expect(wrapped == plain)
    }

    @Test func acceptsAWrapperWithoutSemicolonAndAByteOrderMark() throws {
        let body = Data([0xEF, 0xBB, 0xBF]) + Data("callback(\(Fixtures.nearOlder))".utf8)
        #expect(try CalilResponseDecoder.libraries(from: body).count == 3)
    }

    @Test func decodesAnEmptyList() throws {
        #expect(try decode("[]").isEmpty)
        #expect(try decode("callback([]);").isEmpty)
    }

    @Test func reportsABodyThatIsNotJSON() {
        #expect {
            try decode("<html><body>Service Temporarily Unavailable</body></html>")
        } throws: { error in
            guard let error = error as? CalilError, case .unexpectedBody(let detail) = error.kind else {
                return false
            }
            return detail.contains("<html><body>Service")
        }
    }

    @Test func reportsTheServicesOwnErrorObject() {
        #expect(throws: CalilError(.serviceError(message: "invalid appkey"))) {
            try decode(#"{"error": "invalid appkey"}"#)
        }
        #expect(throws: CalilError(.serviceError(message: "limit exceeded"))) {
            try decode(#"callback({"status": "error", "error": {"message": "limit exceeded"}});"#)
        }
    }

    @Test func reportsAListOfThingsThatAreNotLibraries() {
        #expect(throws: CalilError(.unexpectedBody(detail: "entry 2 of the list is not an object"))) {
            try decode(#"[{"libid": "1", "short": "a"}, 42]"#)
        }
        #expect(throws: CalilError(.unexpectedBody(detail: "entry 1 has no libid, short or formal name"))) {
            try decode(#"[{"name": "x"}]"#)
        }
        #expect(throws: CalilError(.unexpectedBody(detail: "a JSON object where a list was expected"))) {
            try decode(#"{"libraries": []}"#)
        }
    }

    @Test func keepsAnUnknownCategoryCode() throws {
        let libraries = try decode(#"[{"libid": "9", "short": "x", "category": "NEWKIND"}]"#)
        #expect(libraries[0].category == .other("NEWKIND"))
        #expect(libraries[0].category.displayName == "Other (NEWKIND)")
    }

    // Found by running Fuzz/Targets/calil-decoder on hostile replies: a distance that isn't a finite, non-negative number
    // crashed the JSON output (JSON has no infinity) and the table (no Int holds -1e300 metres).
    @Test(arguments: [#""1e400""#, #""nan""#, #""-inf""#, "-1e300", "-0.5"])
    func keepsNoDistanceThatIsNotAFiniteNonNegativeNumber(distance: String) throws {
        let libraries = try decode(#"[{"libid": "1", "short": "x", "distance": \#(distance)}]"#)
        #expect(libraries[0].distanceKm == nil)
        let listing = LibraryListing(
            query: LibraryQuery(), libraries: libraries, source: .network(fetchedAt: Date()))
        for format in OutputFormat.allCases {
            #expect(ListingFormatter.format(listing, as: format).contains("x"))
        }
    }

    // Found by running Fuzz/Targets/calil-decoder on hostile replies: 500 nested arrays (1 KB)
    // took seconds to decode, as each level's failed type tries cost the depth squared.
    @Test func refusesJSONNestedDeeperThanAReplyCanBe() {
        let deep =
            "[{\"libid\": \"1\", \"short\": \"x\", \"extra\": " + String(repeating: "[", count: 40)
            + String(repeating: "]", count: 40) + "}]"
        let error = thrownError(CalilError.self) { try decode(deep) }
        #expect(error?.description.contains("nested more than 32 levels") == true)
        let deepError =
            String(repeating: #"{"error": "#, count: 40) + #""busy""# + String(repeating: "}", count: 40)
        #expect(CalilResponseDecoder.serviceErrorMessage(inBody: Data(deepError.utf8)) == nil)
        #expect(
            CalilResponseDecoder.serviceErrorMessage(inBody: Data(#"{"error": {"error": "busy"}}"#.utf8))
                == "busy")
    }

    @Test func bracketsInsideStringsDoNotCountAsNesting() throws {
        let libraries = try decode(
            #"[{"libid": "1", "short": "[[[[\"{{{{", "city": "\\"}]"#.replacingOccurrences(
                of: "[[[[", with: String(repeating: "[", count: 40)))
        #expect(libraries[0].shortName.hasPrefix("[[[["))
    }
}
