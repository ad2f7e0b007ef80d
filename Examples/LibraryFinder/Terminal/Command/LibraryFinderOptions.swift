import ArgumentParsing
import Foundation
import LibraryFinderModel

/// The options `library-finder` was started with.
struct LibraryFinderOptions: Equatable, Sendable {
    /// What to load.
    var query = LibraryQuery()
    /// How to print the list; `nil` means interactive on a terminal, a table otherwise.
    var format: OutputFormat?
    /// The Calil app key (`--appkey`, else `CALIL_APPKEY`); `nil` when neither is set.
    var appKey: String?
    /// The server to ask (`--api-base`).
    var apiBase = CalilClient.defaultBaseURL
    /// Seconds to wait for the service (`--timeout`), within ``LibraryFinderInvocation/timeoutRange``.
    var timeout = CalilClient.defaultTimeout
    /// Whether to read and write the disk cache (`--no-cache` turns it off).
    var usesCache = true
}
