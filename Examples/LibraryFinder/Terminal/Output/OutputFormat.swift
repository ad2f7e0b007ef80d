import Foundation
import LibraryFinderModel
import TerminalUI

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
        @NullWhenAbsent var prefecture: String?
        @NullWhenAbsent var city: String?
        @NullWhenAbsent var systemId: String?
        @NullWhenAbsent var near: Coordinate?
        @NullWhenAbsent var limit: Int?
        var categories: [String]
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
    ///
    /// The data is exact. Every control character in a string is written as a `\uXXXX` escape:
    /// the encoder escapes U+0000–U+001F, and DEL, the C1 controls and the bidirectional
    /// overrides (which JSON allows raw) are escaped here too, so the output is safe to show on
    /// a terminal and decodes to the same strings.
    static func json(_ listing: LibraryListing) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Encoding these plain values can't fail; a failure would be a bug in the model's Codable.
        guard let data = try? encoder.encode(JSONListingDocument(listing)) else {
            preconditionFailure("Internal inconsistency: the listing could not be encoded as JSON")
        }
        return escapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// `json` with the control characters the encoder leaves raw written as `\uXXXX`. They can
    /// only be inside strings (JSON's own syntax is ASCII), where an escape means the same.
    static func escapingControls(_ json: String) -> String {
        guard
            json.unicodeScalars.contains(where: {
                $0.value >= 0x7F && TerminalText.placeholder(for: $0) != nil
            })
        else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F && TerminalText.placeholder(for: scalar) != nil {
                let hex = String(scalar.value, radix: 16)
                result.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The CSV columns, in order.
    static let csvHeader = [
        "id", "short_name", "formal_name", "category", "category_name", "prefecture", "city",
        "address", "postcode", "phone", "website", "longitude", "latitude", "distance_km",
        "system_id", "system_name", "library_key",
    ]

    /// One header row and one row per library; fields quoted when they need it.
    ///
    /// CSV is data, so fields are written exactly as the service sent them; a field holding any
    /// control character (see `TerminalText`) is quoted, so a reader keeps it whole. The command
    /// shows CSV with placeholders only when standard output is a terminal.
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
            lines.append(fields.map(CSV.field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// CSV as both formatters write it (RFC 4180).
enum CSV {
    /// A field as written: quoted (quotes doubled) when it holds a comma, a quote, a line break or
    /// a control character, else as it is.
    static func field(_ value: String) -> String {
        let needsQuotes =
            value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
            || TerminalText.needsSanitizing(value)
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
