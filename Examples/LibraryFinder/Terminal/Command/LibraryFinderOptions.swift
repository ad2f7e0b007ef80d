import ArgumentParsing
import Foundation
import LibraryFinderModel

/// The options `library-finder` was started with.
struct LibraryFinderOptions: Equatable, Sendable {
    /// What to load.
    var query = LibraryQuery()
    /// The service's options; a `format` of `nil` means interactive on a terminal, a table
    /// otherwise.
    var service = ServiceOptions(timeout: CalilClient.defaultTimeout)
}
