import LibraryFinderModel
import TerminalUI

extension ListingFormatter {
    /// Aligned columns for people: name, city, category in words, distance (for nearby searches)
    /// and phone, then a line saying how many libraries and when they were fetched; for no
    /// libraries, only that line (`No libraries found · …`), without headers.
    ///
    /// Japanese text takes two columns per character; widths are measured with TerminalUI's
    /// ``DisplayWidth``, so columns line up on a terminal. Every field from the service is shown
    /// through ``TerminalText``: control characters become placeholders (`␛`, `<U+009B>`) and are
    /// measured as such, so a library name can't send escape sequences or break the columns.
    static func table(_ listing: LibraryListing) -> String {
        let libraries = listing.libraries
        guard !libraries.isEmpty else { return summaryLine(listing, count: "No libraries found") + "\n" }
        let showsDistance = libraries.contains { $0.distanceKm != nil }
        var columns: [(title: String, maxWidth: Int, value: (Library) -> String)] = [
            ("Name", 32, { $0.displayName.terminalSafe }),
            ("City", 16, { $0.city.terminalSafe }),
            ("Category", 20, { $0.category.displayName.terminalSafe }),
        ]
        if showsDistance {
            columns.append(("Distance", 10, { $0.distanceKm.map(DistanceText.text) ?? "" }))
        }
        columns.append(("Phone", 16, { ($0.phone ?? "").terminalSafe }))
        var lines = Table.lines(
            header: columns.map(\.title), rule: "─",
            rows: libraries.map { library in columns.map { $0.value(library) } },
            maximumWidths: columns.map(\.maxWidth)
        ).map(\.plainText)
        lines.append(
            summaryLine(
                listing, count: "\(libraries.count) \(libraries.count == 1 ? "library" : "libraries")"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2 libraries · 秋田県 · fetched 2027-01-15 08:00 UTC` (`cached, fetched` from the cache).
    private static func summaryLine(_ listing: LibraryListing, count: String) -> String {
        let summary = listing.query.summary.terminalSafe
        switch listing.source {
        case .network(let fetchedAt):
            return "\(count) · \(summary) · fetched \(FetchTime.text(fetchedAt))"
        case .cache(let fetchedAt, _, _):
            return "\(count) · \(summary) · cached, fetched \(FetchTime.text(fetchedAt))"
        }
    }
}

/// Distances as the app shows them: metres under a kilometre (`420 m`), else `1.3 km`.
enum DistanceText {
    static func text(_ kilometres: Double) -> String {
        if kilometres < 1 { return "\(Int((kilometres * 1000).rounded())) m" }
        let tenths = (kilometres * 10).rounded() / 10
        return "\(tenths) km"
    }
}
