import ReSwift
import TerminalUI

// The actions of the interactive inspector. Events from the app arrive in batches; keys become
// the other actions (see `InspectorKeys`). Those that need the app to do something are sent to it
// by `inspectorCommandMiddleware`.

/// Lines the app sent, decoded, in order.
struct EventsReceived: Action {
    var events: [IncomingEvent]
    /// Events this inspector dropped itself because the screen fell behind.
    var droppedLocally: UInt64 = 0
}

/// The app closed the connection.
struct ConnectionEnded: Action {}

/// Moves the action list's selection by `offset` rows; reaching the newest row follows it.
struct MoveActionSelection: Action {
    var offset: Int
}

/// Selects the oldest row (`toNewest` false) or follows the newest.
struct SelectActionEdge: Action {
    var toNewest: Bool
}

/// Moves the state tree's selection by `offset` rows (clamped).
struct MoveTreeSelection: Action {
    var offset: Int
}

/// Switches the keys' target between the action list and the state tree.
struct SwitchPane: Action {}

/// Expands (`true`), collapses (`false`) or toggles (`nil`) the selected tree node; collapsing a
/// leaf or a collapsed node selects its parent.
struct SetNodeExpanded: Action {
    var expanded: Bool?
}

/// Opens the filter field after `/`, holding the current filter.
struct BeginFilter: Action {}

/// An editing key for the filter field.
struct EditFilter: Action {
    var key: Key
}

/// Closes the filter field: keeping what was typed, or clearing the filter.
struct EndFilter: Action {
    var keep: Bool
}

/// Asks the app to pause or resume its stream (the app's notice changes the state).
struct TogglePause: Action {}

/// Asks the app for its full state.
struct RequestState: Action {}

/// Sends a time-travel app to the state after the selected action.
struct TravelToSelection: Action {}

/// Sends a time-travel app back to its latest state.
struct TravelToPresent: Action {}

/// Shows a message on the status line.
struct ShowMessage: Action {
    var text: String
}
