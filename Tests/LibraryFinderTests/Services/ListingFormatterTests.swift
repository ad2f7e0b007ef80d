import Foundation
import TerminalUI
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite struct ListingFormatterTests {
    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

    private var listing: LibraryListing {
        var meitokukan = Fixtures.library(id: "100440", short: "明徳館")
        meitokukan.postcode = "010-0876"
        meitokukan.location = Coordinate(longitude: 140.1229, latitude: 39.7212)
        meitokukan.distanceKm = 0.5
        meitokukan.isPrimary = true
        var quoted = Fixtures.library(id: "7", short: "Books, \"Maps\" & more", category: .special)
        quoted.phone = "018-000-0000"
        return LibraryListing(
            query: LibraryQuery(
                prefecture: nil, near: Coordinate(longitude: 140.1, latitude: 39.7),
                categories: [.local, .special]),
            libraries: [meitokukan, quoted], source: .network(fetchedAt: fetchedAt))
    }

    @Test func jsonIsTheDocumentedNormalizedModel() throws {
        let text = ListingFormatter.json(listing)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["query", "source", "fetchedAt", "count", "libraries"])
        #expect(object["source"] as? String == "network")
        #expect(object["fetchedAt"] as? String == "2027-01-15T08:00:00Z")
        #expect(object["count"] as? Int == 2)
        let query = try #require(object["query"] as? [String: Any])
        #expect(query["categories"] as? [String] == ["MEDIUM", "SPECIAL"])
        #expect(query["prefecture"] is NSNull)
        let libraries = try #require(object["libraries"] as? [[String: Any]])
        let first = libraries[0]
        #expect(
            Set(first.keys) == [
                "id", "systemId", "systemName", "libraryKey", "shortName", "formalName", "category",
                "categoryName", "prefecture", "city", "address", "postcode", "phone", "website", "location",
                "distanceKm", "isPrimary", "isil", "faid",
            ])
        #expect(first["id"] as? String == "100440")
        #expect(first["shortName"] as? String == "明徳館")
        #expect(first["category"] as? String == "MEDIUM")
        #expect(first["categoryName"] as? String == "Local library")
        #expect((first["location"] as? [String: Double])?["latitude"] == 39.7212)
        #expect(first["distanceKm"] as? Double == 0.5)
        #expect(first["isPrimary"] as? Bool == true)
        #expect(first["website"] is NSNull)
        #expect(libraries[1]["location"] is NSNull)
        #expect(text.hasSuffix("}\n"))
    }

    @Test func jsonRoundTripsThroughTheModelsDecoder() throws {
        let decoder = JSONDecoder()
        struct Document: Decodable { var libraries: [Library] }
        let document = try decoder.decode(Document.self, from: Data(ListingFormatter.json(listing).utf8))
        #expect(document.libraries == listing.libraries)
    }

    @Test func jsonMarksACachedList() throws {
        var cached = listing
        cached.source = .cache(fetchedAt: fetchedAt, reason: "timeout")
        let object = try JSONSerialization.jsonObject(with: Data(ListingFormatter.json(cached).utf8))
        #expect((object as? [String: Any])?["source"] as? String == "cache")
    }

    @Test func csvHasAHeaderAndQuotesWhereNeeded() {
        let lines = ListingFormatter.csv(listing).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(
            lines[0]
                == "id,short_name,formal_name,category,category_name,prefecture,city,address,postcode,phone,website,longitude,latitude,distance_km,system_id,system_name,library_key"
        )
        #expect(
            lines[1]
                == "100440,明徳館,秋田市立明徳館,MEDIUM,Local library,秋田県,秋田市,秋田県秋田市1-1,010-0876,,,140.1229,39.7212,0.5,Akita_Akita,秋田県秋田市,明徳館"
        )
        #expect(
            lines[2].hasPrefix(
                #"7,"Books, ""Maps"" & more","秋田市立Books, ""Maps"" & more",SPECIAL,Special library,"#))
        #expect(lines[3] == "")
    }

    @Test func tableAlignsDoubleWidthTextInColumns() {
        let text = ListingFormatter.table(listing)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("Name"))
        #expect(lines[0].contains("City"))
        #expect(lines[0].contains("Distance"))
        #expect(lines[1].hasPrefix("────"))
        // The city column starts at the same display column on every row.
        func cityColumn(_ line: String, city: String) -> Int? {
            guard let range = line.range(of: city) else { return nil }
            return line[..<range.lowerBound].displayWidth
        }
        let headerColumn = cityColumn(lines[0], city: "City")
        #expect(headerColumn != nil)
        #expect(cityColumn(lines[2], city: "秋田市") == headerColumn)
        #expect(cityColumn(lines[3], city: "秋田市") == headerColumn)
        #expect(lines[2].hasPrefix("明徳館  "))
        #expect(lines[2].contains("Local library"))
        #expect(lines[2].contains("500 m"))
        #expect(lines[4].hasPrefix("2 libraries · near 140.1,39.7 · local, special · fetched "))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func tableLeavesOutTheDistanceColumnWithoutDistances() {
        var plain = listing
        plain.libraries = plain.libraries.map {
            var library = $0
            library.distanceKm = nil
            return library
        }
        plain.source = .cache(fetchedAt: fetchedAt, reason: "timeout")
        let lines = ListingFormatter.table(plain).split(separator: "\n").map(String.init)
        #expect(!lines[0].contains("Distance"))
        #expect(lines.last?.contains("· cached, fetched ") == true)
    }

    @Test func anEmptyListSaysSoWithoutHeaders() {
        var empty = listing
        empty.libraries = []
        let text = ListingFormatter.table(empty)
        #expect(!text.contains("Name"))
        #expect(!text.contains("─"))
        #expect(text.hasPrefix("No libraries found · near 140.1,39.7 · local, special · fetched "))
        #expect(text.split(separator: "\n").count == 1)
    }

    @Test(arguments: [(0.42, "420 m"), (0.0001, "0 m"), (1.25, "1.3 km"), (12.04, "12.0 km")])
    func distancesReadAsMetresOrKilometres(kilometres: Double, text: String) {
        #expect(DistanceText.text(kilometres) == text)
    }
}
