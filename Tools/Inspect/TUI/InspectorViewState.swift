import ReSwiftPersistence
import TerminalUI

/// Everything the interactive inspector shows: the app it is attached to, the actions it has
/// seen, the selected action, the app's state as a tree, and the screen's own settings.
///
/// A value, changed only by ``inspectorViewReducer(action:state:)``.
struct InspectorViewState: Equatable {
    /// The app the hello named.
    struct Target: Equatable {
        var app: String
        var pid: Int32
        var stateType: String
        var canTimeTravel: Bool
    }

    /// One row of the action list.
    struct Entry: Equatable {
        enum Kind: Equatable {
            case action(ActionRecord)
            /// Events the app dropped because this inspector fell behind.
            case gap(lost: UInt64)
            /// Actions the app handled while this inspector's stream was paused, and didn't send.
            case paused(skipped: UInt64)
        }

        /// Unique in this session; the selection refers to it.
        var id: Int
        var kind: Kind
        /// The bytes of text the row keeps, counted against ``keptByteLimit``.
        var bytes = 0

        var action: ActionRecord? {
            if case .action(let record) = kind { return record }
            return nil
        }
    }

    /// An action the app handled, as the list and the diff pane show it.
    struct ActionRecord: Equatable {
        var seq: UInt64
        var name: String
        /// The payload on one line (JSON), or the action's description when it isn't Encodable.
        var payload: String
        var durationNs: UInt64
        var callSite: String?
        var diff: [IncomingEvent.Difference]
        /// For a time-travel app, the history step that jumps back to the state after this action.
        var historyIndex: Int?
        /// Bytes of the payload and diff the row doesn't keep, beyond ``entryByteLimit``.
        var cutBytes = 0
        /// Differences the row doesn't keep at all.
        var cutDifferences = 0
    }

    /// The app's state as last received.
    struct Snapshot: Equatable {
        /// The state as JSON, when it is Encodable.
        var value: JSONValue?
        /// Its description otherwise.
        var description: String?
        /// The number of the last action the app had handled.
        var seq: UInt64
    }

    enum Pane: Equatable {
        case actions
        case state
    }

    enum Connection: Equatable {
        case connecting
        case attached
        /// The app closed the connection (it ended, or refused us).
        case ended
    }

    /// How many rows the list keeps; older ones are dropped, so memory stays bounded.
    static let entryLimit = 5000
    /// The most bytes of text (payload, call site, diff) one row keeps: 16 KiB. Each value is
    /// cut to ``valueByteLimit``, and differences beyond the row's bytes are counted, not kept.
    static let entryByteLimit = 16 << 10
    /// The most bytes of one payload or one side of a difference a row keeps.
    static let valueByteLimit = 2 << 10
    /// The most bytes of text all rows keep together: 32 MiB. Older rows are dropped beyond it,
    /// as beyond ``entryLimit``, so a stream of large diffs can't fill the memory.
    static let keptByteLimit = 32 << 20

    var target: Target?
    var connection = Connection.connecting
    var entries: [Entry] = []
    var nextEntryID = 0
    /// Rows dropped from the top to stay within ``entryLimit`` and ``keptByteLimit``.
    var droppedEntries = 0
    /// The bytes of text the rows keep (the sum of their ``Entry/bytes``).
    var keptBytes = 0
    /// The action types shown: those containing this text (case-insensitively); empty for all.
    var filter = ""
    /// The filter being typed after `/`, or `nil`.
    var filterField: TextField?
    /// The selected row's id; `nil` follows the newest row.
    var selectedEntryID: Int?
    var focus = Pane.actions
    var isPaused = false
    var snapshot: Snapshot?
    /// A state request was sent and not answered yet.
    var isAwaitingState = false
    /// Actions arrived since the state was last requested.
    var isStateStale = false
    /// The tree's expanded nodes, by path ("" is the root).
    var expandedPaths: Set<String> = [""]
    var treeSelection = 0
    /// The action whose state a time-travel app was sent to, or `nil` while it is at the present.
    var travelledTo: UInt64?
    /// A one-line message for the status line.
    var message: String?
    /// The newest action's number, to tell when actions went unseen.
    var lastActionSeq: UInt64?
    /// Events reported missing (gaps) since the newest action.
    var reportedMissing: UInt64 = 0
    /// Whether the stream was paused since the newest action.
    var wasPausedSinceLastAction = false
}

extension InspectorViewState {
    /// The rows the filter lets through, oldest first; gaps only without a filter.
    var visibleEntries: [Entry] {
        guard !filter.isEmpty else { return entries }
        return entries.filter { entry in
            entry.action.map { $0.name.localizedCaseInsensitiveContains(filter) } ?? false
        }
    }

    /// The selected row's index among ``visibleEntries``: the newest when following or when the
    /// selected row is filtered out.
    func selectedIndex(in visible: [Entry]) -> Int? {
        guard !visible.isEmpty else { return nil }
        if let selectedEntryID, let index = visible.firstIndex(where: { $0.id == selectedEntryID }) {
            return index
        }
        return visible.count - 1
    }

    var selectedEntry: Entry? {
        let visible = visibleEntries
        return selectedIndex(in: visible).map { visible[$0] }
    }

    /// The state tree's rows as they are expanded now.
    var treeRows: [StateTree.Row] {
        guard let snapshot else { return [] }
        if let value = snapshot.value {
            return StateTree.rows(
                of: value, rootName: target.map { Self.shortTypeName($0.stateType) } ?? "state",
                expanded: expandedPaths)
        }
        return [StateTree.Row(path: "", depth: 0, text: snapshot.description ?? "(no state)", container: nil)]
    }

    /// `TodoModel.TodoAppState` → `TodoAppState`.
    static func shortTypeName(_ name: String) -> String {
        guard !name.contains("<"), let last = name.split(separator: ".").last else { return name }
        return String(last)
    }
}
