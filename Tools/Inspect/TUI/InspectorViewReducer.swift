import ReSwift
import TerminalUI

/// The interactive inspector's reducer: pure, so a screen can be tested from a list of actions.
func inspectorViewReducer(action: Action, state: InspectorViewState?) -> InspectorViewState {
    var state = state ?? InspectorViewState()
    switch action {
    case let received as EventsReceived:
        for event in received.events { apply(event, to: &state) }
        if received.droppedLocally > 0 {
            appendEntry(.gap(lost: received.droppedLocally), to: &state)
            state.reportedMissing += received.droppedLocally
        }
    case is ConnectionEnded:
        state.connection = .ended
        state.isAwaitingState = false
        state.message = "The app ended the connection. q quits."
    case let move as MoveActionSelection:
        moveActionSelection(by: move.offset, in: &state)
    case let edge as SelectActionEdge:
        state.selectedEntryID = edge.toNewest ? nil : state.visibleEntries.first?.id
    case let move as MoveTreeSelection:
        state.treeSelection += move.offset
    case is SwitchPane:
        state.focus = state.focus == .actions ? .state : .actions
    case let node as SetNodeExpanded:
        setNodeExpanded(node.expanded, in: &state)
    case is BeginFilter:
        state.filterField = TextField(text: state.filter)
    case let edit as EditFilter:
        state.filterField?.handle(edit.key)
        state.filter = state.filterField?.text ?? state.filter
    case let end as EndFilter:
        if !end.keep { state.filter = "" }
        state.filterField = nil
    case is RequestState:
        state.isAwaitingState = true
        state.isStateStale = false
    case is TravelToSelection:
        travelToSelection(in: &state)
    case is TravelToPresent:
        if state.travelledTo != nil {
            state.travelledTo = nil
            state.message = "Back at the present."
        }
    case let show as ShowMessage:
        state.message = show.text
    default:
        break
    }
    let rows = state.treeRows.count
    state.treeSelection = max(0, min(state.treeSelection, rows - 1))
    return state
}

private func apply(_ event: IncomingEvent, to state: inout InspectorViewState) {
    switch event.type {
    case "hello":
        state.target = .init(
            app: event.app ?? "?", pid: event.pid ?? 0, stateType: event.stateType ?? "?",
            canTimeTravel: event.timeTravel ?? false)
        state.connection = .attached
        state.isStateStale = true
    case "action":
        let record = InspectorViewState.ActionRecord(
            seq: event.seq ?? 0, name: event.action ?? "?",
            payload: event.payload?.compact ?? event.description ?? "", durationNs: event.durationNs ?? 0,
            callSite: event.callSite, diff: event.diff ?? [], historyIndex: event.historyIndex
        ).bounded()
        noteUnseenActions(before: record.seq, in: &state)
        appendEntry(.action(record), to: &state)
        state.isStateStale = true
        // Any action but a move in time makes a new present, which the app shows: travel is over.
        if state.travelledTo != nil && !timeTravelActions.contains(record.name) {
            state.travelledTo = nil
            state.message =
                "The app moved on (\(record.name)): it shows its present state; time travel ended."
        }
    case "gap":
        appendEntry(.gap(lost: event.lost ?? 0), to: &state)
        state.reportedMissing += event.lost ?? 0
    case "state":
        let seq = event.seq ?? 0
        state.snapshot = .init(value: event.state, description: event.description, seq: seq)
        state.isAwaitingState = false
        // Up to date when no action the list shows came after it.
        if let newest = state.entries.last(where: { $0.action != nil })?.action, newest.seq <= seq {
            state.isStateStale = false
        }
    case "paused":
        state.isPaused = true
        state.wasPausedSinceLastAction = true
        state.message = "Paused: the app streams no actions until you resume (space)."
    case "resumed":
        state.isPaused = false
        state.message = nil
        state.isStateStale = true
    case "error":
        state.message = "The app says: " + (event.message ?? "an error")
    default:
        break
    }
}

/// Adds a row for the actions between the newest one shown and the one numbered `seq` that no
/// gap accounted for: those the app handled while the stream was paused (it sends none then), or
/// any other it didn't send.
private func noteUnseenActions(before seq: UInt64, in state: inout InspectorViewState) {
    if let last = state.lastActionSeq, seq > last + 1 {
        let missing = seq - last - 1
        if missing > state.reportedMissing {
            let unseen = missing - state.reportedMissing
            appendEntry(
                state.wasPausedSinceLastAction ? .paused(skipped: unseen) : .gap(lost: unseen), to: &state)
        }
    }
    state.lastActionSeq = max(seq, state.lastActionSeq ?? 0)
    state.reportedMissing = 0
    state.wasPausedSinceLastAction = state.isPaused
}

private func appendEntry(_ kind: InspectorViewState.Entry.Kind, to state: inout InspectorViewState) {
    let bytes = kind.action?.keptBytes ?? 0
    state.entries.append(.init(id: state.nextEntryID, kind: kind, bytes: bytes))
    state.nextEntryID += 1
    state.keptBytes += bytes
    var excess = max(state.entries.count - InspectorViewState.entryLimit, 0)
    var kept = state.keptBytes - state.entries.prefix(excess).reduce(0) { $0 + $1.bytes }
    while kept > InspectorViewState.keptByteLimit && excess < state.entries.count - 1 {
        kept -= state.entries[excess].bytes
        excess += 1
    }
    if excess > 0 {
        state.keptBytes = kept
        state.entries.removeFirst(excess)
        state.droppedEntries += excess
    }
}

private func moveActionSelection(by offset: Int, in state: inout InspectorViewState) {
    let visible = state.visibleEntries
    guard let current = state.selectedIndex(in: visible) else { return }
    let next = max(0, min(current + offset, visible.count - 1))
    state.selectedEntryID = next == visible.count - 1 ? nil : visible[next].id
}

private func setNodeExpanded(_ expanded: Bool?, in state: inout InspectorViewState) {
    let rows = state.treeRows
    guard rows.indices.contains(state.treeSelection) else { return }
    let row = rows[state.treeSelection]
    let isExpanded = row.container ?? false
    let wanted = expanded ?? !isExpanded
    if let container = row.container, container != wanted {
        if wanted {
            state.expandedPaths.insert(row.path)
        } else {
            state.expandedPaths.remove(row.path)
        }
    } else if expanded == false, let parent = StateTree.parent(of: row.path),
        let index = rows.firstIndex(where: { $0.path == parent })
    {
        state.treeSelection = index
    }
}

private func travelToSelection(in state: inout InspectorViewState) {
    guard let target = state.target, target.canTimeTravel else {
        state.message = "This app can't time travel: its reducer isn't wrapped in timeTravelReducer."
        return
    }
    guard let record = state.selectedEntry?.action, record.historyIndex != nil else {
        state.message = "Select an action to travel to."
        return
    }
    state.travelledTo = record.seq
    state.message = "The app shows the state after #\(record.seq). b brings it back to the present."
}

extension InspectorViewState.Entry.Kind {
    var action: InspectorViewState.ActionRecord? {
        if case .action(let record) = self { return record }
        return nil
    }
}

extension InspectorViewState.ActionRecord {
    /// The bytes of text the record holds.
    var keptBytes: Int {
        var bytes = name.utf8.count + payload.utf8.count + (callSite?.utf8.count ?? 0)
        for change in diff {
            bytes += change.path.utf8.count
            bytes += change.before?.utf8.count ?? 0
            bytes += change.after?.utf8.count ?? 0
        }
        return bytes
    }

    /// The record cut to ``InspectorViewState/entryByteLimit``: the payload and each side of a
    /// difference to ``InspectorViewState/valueByteLimit`` (ending in `…`), and the differences
    /// that don't fit after that left out; ``cutBytes`` and ``cutDifferences`` say how much.
    func bounded() -> Self {
        var record = self
        var budget = InspectorViewState.entryByteLimit - name.utf8.count - (callSite?.utf8.count ?? 0)
        func cut(_ text: String) -> String {
            let (kept, lost) = Self.prefix(of: text, bytes: InspectorViewState.valueByteLimit)
            record.cutBytes += lost
            return kept
        }
        record.payload = cut(payload)
        budget -= record.payload.utf8.count
        record.diff = []
        func size(_ difference: IncomingEvent.Difference) -> Int {
            difference.path.utf8.count + (difference.before?.utf8.count ?? 0)
                + (difference.after?.utf8.count ?? 0)
        }
        for (index, difference) in diff.enumerated() {
            let cutBefore = record.cutBytes
            var kept = difference
            kept.path = cut(difference.path)
            kept.before = difference.before.map(cut)
            kept.after = difference.after.map(cut)
            guard size(kept) <= budget else {
                let rest = diff[index...]
                record.cutDifferences = rest.count
                record.cutBytes = cutBefore + rest.reduce(0) { $0 + size($1) }
                break
            }
            budget -= size(kept)
            record.diff.append(kept)
        }
        return record
    }

    /// The first characters of `text` that fit in `bytes` of UTF-8 (then `…`), and how many bytes
    /// were left out.
    static func prefix(of text: String, bytes: Int) -> (String, lost: Int) {
        let total = text.utf8.count
        guard total > bytes else { return (text, 0) }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            if used + size > bytes { break }
            used += size
            end = text.index(after: index)
        }
        return (text[..<end] + "…", total - used)
    }
}

/// The actions that move a time-travel app through its history without making a new present.
private let timeTravelActions: Set<String> = ["JumpToStep", "JumpToState", "StepBack", "StepForward"]
