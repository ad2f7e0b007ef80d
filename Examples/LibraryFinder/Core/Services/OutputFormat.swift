import Foundation

/// How the list is printed when the app doesn't run interactively.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people (the default when output isn't a terminal).
    case table
    /// The normalized model, documented in the README.
    case json
    /// One row per library, RFC 4180 quoting, with a header row.
    case csv
}

/// A loaded list with what it answers and where it came from: what the formatters print.
struct LibraryListing: Sendable {
    var query: LibraryQuery
    var libraries: [Library]
    var source: ListSource
}

/// The `--format json` document.
///
/// ```json
/// { "query": { "prefecture": "秋田県", "city": null, "systemId": null, "near": null,
///              "limit": null, "categories": [] },
///   "source": "network", "fetchedAt": "2026-11-29T11:00:00Z", "count": 1,
///   "libraries": [ { "id": "…", "shortName": "…", … } ] }
/// ```
/// `source` is `"cache"` when the service couldn't be reached and the cached list was printed.
struct JSONListingDocument: Encodable {
    struct Query: Encodable {
        var prefecture: String?
        var city: String?
        var systemId: String?
        var near: Coordinate?
        var limit: Int?
        var categories: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(prefecture, forKey: .prefecture)
            try container.encode(city, forKey: .city)
            try container.encode(systemId, forKey: .systemId)
            try container.encode(near, forKey: .near)
            try container.encode(limit, forKey: .limit)
            try container.encode(categories, forKey: .categories)
        }

        private enum CodingKeys: String, CodingKey {
            case prefecture, city, systemId, near, limit, categories
        }
    }

    var query: Query
    var source: String
    var fetchedAt: Date
    var count: Int
    var libraries: [Library]

    init(_ listing: LibraryListing) {
        query = Query(
            prefecture: listing.query.prefecture, city: listing.query.city,
            systemId: listing.query.systemID, near: listing.query.near, limit: listing.query.limit,
            categories: listing.query.categories.map(\.code).sorted())
        switch listing.source {
        case .network: source = "network"
        case .cache: source = "cache"
        }
        fetchedAt = listing.source.fetchedAt
        count = listing.libraries.count
        libraries = listing.libraries
    }
}

/// Turns a listing into text in one of the ``OutputFormat``s.
enum ListingFormatter {
    /// The listing as text ending in a newline.
    static func format(_ listing: LibraryListing, as format: OutputFormat) -> String {
        switch format {
        case .json: json(listing)
        case .csv: csv(listing)
        case .table: table(listing)
        }
    }

    /// The normalized model as pretty-printed JSON with sorted keys.
    static func json(_ listing: LibraryListing) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Encoding these plain values can't fail; a failure would be a bug in the model's Codable.
        guard let data = try? encoder.encode(JSONListingDocument(listing)) else {
            preconditionFailure("Internal inconsistency: the listing could not be encoded as JSON")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The CSV columns, in order.
    static let csvHeader = [
        "id", "short_name", "formal_name", "category", "category_name", "prefecture", "city",
        "address", "postcode", "phone", "website", "longitude", "latitude", "distance_km",
        "system_id", "system_name", "library_key",
    ]

    /// One header row and one row per library; fields quoted when they need it.
    static func csv(_ listing: LibraryListing) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for library in listing.libraries {
            let fields: [String] = [
                library.id, library.shortName, library.formalName, library.category.code,
                library.category.displayName, library.prefecture, library.city, library.address,
                library.postcode ?? "", library.phone ?? "", library.website ?? "",
                library.location.map { String($0.longitude) } ?? "",
                library.location.map { String($0.latitude) } ?? "",
                library.distanceKm.map { String($0) } ?? "",
                library.systemID, library.systemName, library.libraryKey,
            ]
            lines.append(fields.map(csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
