import ArgumentParsing
import Foundation
import LibraryFinderModel

/// The options of `library-finder book`.
struct BookOptions: Equatable, Sendable {
    /// Which library systems to ask.
    enum Systems: Equatable, Sendable {
        /// These ids, as given (`--system-id`).
        case ids([String])
        /// The systems of the libraries `/library` lists for this query (`--pref`, `--near`).
        case query(LibraryQuery)
    }

    /// The books, deduplicated (an ISBN-10 and its ISBN-13 are one), in the order given.
    var isbns: [ISBN]
    var systems: Systems
    /// The service's options; `timeout` is for the availability search, and separately for the
    /// `/library` lookup.
    var service = ServiceOptions(timeout: BookInvocation.defaultTimeout)

    /// How the result is printed: `--format`, a table when not given.
    var format: OutputFormat { service.format ?? .table }
}
