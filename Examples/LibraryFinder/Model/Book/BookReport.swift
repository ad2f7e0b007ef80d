import Foundation

/// A finished (or timed-out) search with what is known of the libraries asked: what the book
/// formatters (the terminal's `BookFormatter`) print.
package struct BookReport: Sendable {
    /// One line of the output: one book in one library, or in one system when the system named
    /// no library (not held, failed, or no answer yet).
    package struct Row: Equatable, Sendable {
        package var isbn: ISBN
        package var systemID: String
        package var systemName: String?
        /// The library as the table shows it: its short name, else the service's key for it;
        /// `nil` for a row about the whole system.
        package var library: String?
        /// The service's key for the library in its system (`libkey`); `nil` for a whole system.
        package var libraryKey: String?
        /// The library's short name from `/library`; `nil` when it isn't known.
        package var libraryShortName: String?
        package var availability: Availability?
        /// The system's status; `nil` when it never answered.
        package var status: SystemStatus?
        package var reserveURL: String?
        package var distanceKm: Double?

        /// The availability in words: `貸出可 (available)`; for a whole system `not held`,
        /// `error (the catalogue failed)` or `no answer`.
        package var availabilityText: String {
            if let availability { return "\(availability.japanese) (\(availability.english))" }
            switch status {
            case .running?, nil: return "no answer"
            case .error?: return "error (the catalogue failed)"
            case .ok?, .cache?: return "not held"
            case .other(let text)?: return "status \(text)"
            }
        }
    }

    package var state: BookCheck
    /// The libraries `/library` listed, when the systems came from a query.
    package var libraries: [Library] = []
    /// Whether the systems came from `--near` (then rows are nearest first, with a distance).
    package var showsDistance = false

    /// Creates a report of `state`, naming libraries and systems from `libraries`.
    package init(state: BookCheck, libraries: [Library] = [], showsDistance: Bool = false) {
        self.state = state
        self.libraries = libraries
        self.showsDistance = showsDistance
    }

    /// Every row, per ISBN in the order asked, then per system in order and library by name (or,
    /// with a distance, nearest first).
    package var rows: [Row] {
        var byKey: [String: Library] = [:]
        var systemNames: [String: String] = [:]
        for library in libraries {
            byKey[library.systemID + "\u{0}" + library.libraryKey] =
                byKey[library.systemID + "\u{0}" + library.libraryKey] ?? library
            if !library.systemName.isEmpty { systemNames[library.systemID] = library.systemName }
        }
        var rows: [Row] = []
        for isbn in state.isbns {
            var rowsOfBook: [Row] = []
            for systemID in state.systemIDs {
                let result = state.result(for: isbn, system: systemID)
                var row = Row(
                    isbn: isbn, systemID: systemID, systemName: systemNames[systemID], status: result?.status,
                    reserveURL: result?.reserveURL)
                guard let result, !result.libraries.isEmpty else {
                    rowsOfBook.append(row)
                    continue
                }
                for (key, availability) in result.libraries.sorted(by: { $0.key < $1.key }) {
                    let library = byKey[systemID + "\u{0}" + key]
                    row.library = library?.shortName ?? key
                    row.libraryKey = key
                    row.libraryShortName = library?.shortName
                    row.availability = availability
                    row.distanceKm = showsDistance ? library?.distanceKm : nil
                    rowsOfBook.append(row)
                }
            }
            if showsDistance {
                rowsOfBook = rowsOfBook.enumerated().sorted { left, right in
                    switch (left.element.distanceKm, right.element.distanceKm) {
                    case (let l?, let r?) where l != r: l < r
                    case (_?, nil): true
                    case (nil, _?): false
                    default: left.offset < right.offset
                    }
                }.map(\.element)
            }
            rows += rowsOfBook
        }
        return rows
    }

    /// Whether every system answered for every book.
    package var isComplete: Bool { state.answeredCount == state.requestCount }

    /// What is known of one book: held somewhere, not held where every system answered, or
    /// nothing to say because some systems (or all) gave no answer.
    package enum Verdict: Equatable, Sendable {
        /// Some library answered that it has the book.
        case held
        /// Every system answered, and no library has the book.
        case notHeld
        /// No library that answered has it, but `unanswered` of the `asked` systems gave no
        /// answer: "not held" would be a guess.
        case unknown(unanswered: Int, asked: Int)
    }

    /// The verdict for `isbn`: "not held" only when every system asked answered.
    package func verdict(for isbn: ISBN) -> Verdict {
        let results = state.systemIDs.map { state.result(for: isbn, system: $0) }
        if results.contains(where: { $0?.libraries.values.contains(where: \.isHeld) == true }) {
            return .held
        }
        let unanswered = results.count { $0?.status.isAnswered != true }
        return unanswered == 0 ? .notHeld : .unknown(unanswered: unanswered, asked: results.count)
    }
}
