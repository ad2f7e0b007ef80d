import ReSwift

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
