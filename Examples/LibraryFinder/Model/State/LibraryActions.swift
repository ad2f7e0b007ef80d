import Foundation
import ReSwift

/// The article's first action: a request for the list has started.
///
/// Ignored while another request is running (reload is disabled while loading).
package struct LibrariesLoading: Action, Equatable, Sendable {
    /// Tells this request's answer apart from any other's.
    package let requestID: UUID
}

/// The article's second action: the list arrived (from the service, or from the cache when the
/// service couldn't be reached).
package struct LibrariesLoaded: Action, Equatable, Sendable {
    /// The request this answers; answers to other requests are ignored.
    package let requestID: UUID
    /// The libraries, already narrowed to the query's categories and limit.
    package let libraries: [Library]
    /// Where they came from and when they were fetched.
    package let source: ListSource
}

/// The article's third action: the request failed; the message says what went wrong.
package struct LibrariesFailed: Action, Equatable, Sendable {
    /// The request this answers; answers to other requests are ignored.
    package let requestID: UUID
    /// What went wrong and what to do, ready to show.
    package let message: String
}

/// What the user does with the list on screen.
package enum LibraryListAction: Action, Equatable, Sendable {
    /// Moves the selection by this many rows (negative is up), stopping at the ends.
    case moveSelection(by: Int)
    /// Selects the first visible row.
    case selectFirst
    /// Selects the last visible row.
    case selectLast
    /// Starts typing a filter (`/`).
    case beginFilter
    /// Replaces the filter text while typing.
    case editFilter(String)
    /// Stops typing and keeps the filter (Enter).
    case commitFilter
    /// Stops typing and clears the filter (Esc).
    case cancelFilter
}
