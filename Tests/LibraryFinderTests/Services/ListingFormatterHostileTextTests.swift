import Foundation
import TerminalUI
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Library fields hold whatever the service sent: the table shows control characters as
/// placeholders; JSON and CSV keep the data exact.
@Suite struct ListingFormatterHostileTextTests {
    /// Retitles the terminal, clears it, and (8-bit CSI, then a right-to-left override) more.
    static let hostileName = "悪\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}x"
    static let shownName = "悪␛]0;PWNED␇␛[2J<U+009B>31m<U+202E>x"

    private var listing: LibraryListing {
        var hostile = Fixtures.library(id: "1", short: Self.hostileName, city: "秋田\u{1B}[H市")
        hostile.phone = "\u{7F}018"
        hostile.category = .other("X\u{1B}c")
        let plain = Fixtures.library(id: "2", short: "明徳館")
        return LibraryListing(
            query: LibraryQuery(prefecture: "秋田\u{1B}]2;t\u{7}県"), libraries: [hostile, plain],
            source: .network(fetchedAt: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value)
        }
    }

    @Test func tableShowsPlaceholdersAndKeepsColumnsAligned() {
        let text = ListingFormatter.table(listing)
        #expect(!Self.hasRawControls(text))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[2].hasPrefix(String(Self.shownName.prefix(20))))
        #expect(lines[2].contains("秋田␛[H市"))
        #expect(lines[2].contains("Other (X␛c)"))
        #expect(lines[2].contains("␡018"))
        #expect(lines.last?.contains("秋田␛]2;t␇県") == true)
        // The city column starts at the same display column on both rows.
        func cityColumn(_ line: String, _ city: String) -> Int? {
            line.range(of: city).map { line[..<$0.lowerBound].displayWidth }
        }
        #expect(cityColumn(lines[2], "秋田␛[H市") != nil)
        #expect(cityColumn(lines[2], "秋田␛[H市") == cityColumn(lines[3], "秋田市"))
    }

    @Test func jsonEscapesEveryControlCharacterAndKeepsTheData() throws {
        let text = ListingFormatter.json(listing)
        #expect(!Self.hasRawControls(text))
        #expect(text.contains(#"\u009b"#))
        #expect(text.contains(#"\u202e"#))
        #expect(text.contains(#"\u007f"#))
        struct Document: Decodable { var libraries: [Library] }
        let document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        #expect(document.libraries == listing.libraries)
        #expect(document.libraries[0].shortName == Self.hostileName)
    }

    @Test func csvKeepsTheDataExactAndQuotesFieldsWithControlCharacters() {
        let text = ListingFormatter.csv(listing)
        #expect(text.contains("\"\(Self.hostileName)\""))
        #expect(text.contains(",\"秋田\u{1B}[H市\","))
        #expect(text.contains(",\"\u{7F}018\","))
        #expect(text.contains(",明徳館,"))
    }
}
