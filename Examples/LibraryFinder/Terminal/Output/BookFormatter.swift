import Foundation
import LibraryFinderModel
import TerminalUI

/// The `book --format json` document; its schema is the DocC article "The book search's JSON"
/// (`LibraryFinderModel.docc/Articles/BookJSON.md`), which the tests check the output against.
struct JSONBookDocument: Encodable {
    struct Book: Encodable {
        var isbn: String
        @NullWhenAbsent var isbn10: String?
        var typed: String
        /// `nil` (JSON null) when no library that answered has it but some system didn't answer.
        @NullWhenAbsent var heldAnywhere: Bool?
        var systems: [System]
    }

    /// Every key is written, `null` when unknown (the article's schema requires them all).
    struct System: Encodable {
        var systemId: String
        @NullWhenAbsent var systemName: String?
        @NullWhenAbsent var status: String?
        @NullWhenAbsent var reserveUrl: String?
        var libraries: [Library]
    }

    /// Every key is written, `null` when unknown.
    struct Library: Encodable {
        /// The short name from `/library`, never the key in its place.
        @NullWhenAbsent var name: String?
        var libraryKey: String
        var availability: String
        var availabilityEnglish: String
        @NullWhenAbsent var distanceKm: Double?
    }

    var complete: Bool
    var outcome: String
    var systems: [String]
    var books: [Book]

    init(_ report: BookReport) {
        complete = report.isComplete
        outcome =
            switch report.state.phase {
            case .finished: "finished"
            case .incomplete: "incomplete"
            case .timedOut: "timedOut"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .checking: "running"
            }
        systems = report.state.systemIDs
        let rows = report.rows
        books = report.state.isbns.map { isbn in
            let rowsOfBook = rows.filter { $0.isbn == isbn }
            let systems = report.state.systemIDs.map { systemID in
                let rowsOfSystem = rowsOfBook.filter { $0.systemID == systemID }
                let first = rowsOfSystem.first
                return System(
                    systemId: systemID, systemName: first?.systemName, status: first?.status?.text,
                    reserveUrl: first?.reserveURL,
                    libraries: rowsOfSystem.compactMap { row in
                        guard let key = row.libraryKey, let availability = row.availability else {
                            return nil
                        }
                        return Library(
                            name: row.libraryShortName, libraryKey: key, availability: availability.japanese,
                            availabilityEnglish: availability.english, distanceKm: row.distanceKm)
                    })
            }
            let heldAnywhere: Bool? =
                switch report.verdict(for: isbn) {
                case .held: true
                case .notHeld: false
                case .unknown: nil
                }
            return Book(
                isbn: isbn.digits, isbn10: isbn.isbn10, typed: isbn.typed, heldAnywhere: heldAnywhere,
                systems: systems)
        }
    }
}

/// Turns a ``BookReport`` into text in one of the ``OutputFormat``s.
enum BookFormatter {
    static func format(_ report: BookReport, as format: OutputFormat) -> String {
        switch format {
        case .json: json(report)
        case .csv: csv(report)
        case .table: table(report)
        }
    }

    /// The model as pretty-printed JSON with sorted keys, control characters escaped.
    static func json(_ report: BookReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONBookDocument(report)) else {
            preconditionFailure("Internal inconsistency: the book report could not be encoded as JSON")
        }
        return ListingFormatter.escapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    static let csvHeader = [
        "isbn", "system_id", "system_name", "library", "availability", "availability_en", "status",
        "reserve_url", "distance_km",
    ]

    /// One header row and one row per ISBN × library (or × system, when it named none).
    static func csv(_ report: BookReport) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for row in report.rows {
            let fields = [
                row.isbn.digits, row.systemID, row.systemName ?? "", row.library ?? "",
                row.availability?.japanese ?? "", row.availability?.english ?? row.availabilityText,
                row.status?.text ?? "", row.reserveURL ?? "", row.distanceKm.map { String($0) } ?? "",
            ]
            lines.append(fields.map(CSV.field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Aligned columns per ISBN; every text from the service shown through ``TerminalText``.
    static func table(_ report: BookReport) -> String {
        var columns: [(title: String, maxWidth: Int, value: (BookReport.Row) -> String)] = [
            ("Library", 24, { ($0.library ?? "(whole system)").terminalSafe }),
            ("System", 24, { ($0.systemName ?? $0.systemID).terminalSafe }),
            ("Availability", 30, { $0.availabilityText.terminalSafe }),
        ]
        if report.showsDistance {
            columns.append(("Distance", 10, { $0.distanceKm.map(DistanceText.text) ?? "" }))
        }
        columns.append(("Reservation", 60, { ($0.reserveURL ?? "").terminalSafe }))
        // One table of every book's rows, so that the columns line up from book to book; each
        // book gets its part of it under a heading and the header.
        let rows = report.rows
        let table = Table.lines(
            header: columns.map(\.title), rule: "─", rows: rows.map { row in columns.map { $0.value(row) } },
            maximumWidths: columns.map(\.maxWidth)
        ).map(\.plainText)
        let header = table.prefix(2)
        var body = table.dropFirst(2)
        var lines: [String] = []
        for isbn in report.state.isbns {
            if !lines.isEmpty { lines.append("") }
            switch report.verdict(for: isbn) {
            case .held:
                lines.append("ISBN \(isbn.digits)")
            case .notHeld:
                lines.append("ISBN \(isbn.digits) — not held in the libraries asked")
            case .unknown(let unanswered, let asked) where unanswered == asked:
                lines.append("ISBN \(isbn.digits) — no library system answered")
            case .unknown(let unanswered, let asked):
                lines.append(
                    "ISBN \(isbn.digits) — not held in the libraries that answered; "
                        + "\(unanswered) of \(asked) systems gave no answer")
            }
            let count = rows.count { $0.isbn == isbn }
            lines += header
            lines += body.prefix(count)
            body = body.dropFirst(count)
        }
        let state = report.state
        lines.append(
            "\(state.answeredCount) of \(state.requestCount) book requests answered · "
                + "\(state.systemIDs.count) system\(state.systemIDs.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

}
