import TerminalUI

/// Draws the interactive inspector: a pure function of its state and the screen's size.
///
/// ```
///  reswift-inspect · todo (pid 4242) · TodoAppState                      live
///  Actions 3                  │ #2 AddTodo · 41µs
///    #1  BeginAddingTodo  9µs │ payload: {"title":"milk"}
///  › #2  AddTodo         41µs │ + list.items[0]: TodoItem(id: 1, title: "milk", …)
///                             │ State after #2
///                             │ ▾ TodoAppState {2}
///  ↑↓ select  / filter  Tab pane  ⏎←→ tree  space pause  t travel  b back  r state  q quit
/// ```
enum InspectorScreenView {
    static let minimumSize = TerminalSize(columns: 60, rows: 12)

    static func lines(state: InspectorViewState, size: TerminalSize) -> [Line] {
        guard size.fits(minimumSize) else { return TooSmallScreen.lines(needed: minimumSize, actual: size) }
        let width = size.columns
        let bodyHeight = size.rows - 3
        let listWidth = max(28, width * 2 / 5)
        let rightWidth = width - listWidth - 1
        let visible = state.visibleEntries
        let selected = state.selectedIndex(in: visible)

        let list =
            [listTitle(state, count: visible.count).fitted(toWidth: listWidth)]
            + ListView.lines(
                items: visible.map(row), selection: selected, width: listWidth, height: bodyHeight - 1,
                emptyText: emptyListText(state))
        let right = rightPane(
            state, entry: selected.map { visible[$0] }, width: rightWidth, height: bodyHeight)

        var lines = [header(state, width: width)]
        let separator = Line("│", style: .dim)
        for row in 0..<bodyHeight {
            lines.append(list[row].fitted(toWidth: listWidth) + separator + right[row])
        }
        lines.append(bottomLine(state, width: width))
        lines.append(Line(InspectorKeys.help, style: .dim).truncated(toWidth: width))
        return lines
    }

    // MARK: - Header and status

    private static func header(_ state: InspectorViewState, width: Int) -> Line {
        let left: String
        if let target = state.target {
            left =
                "reswift-inspect · \(target.app) (pid \(target.pid)) · "
                + InspectorViewState.shortTypeName(target.stateType)
        } else {
            left = "reswift-inspect · connecting…"
        }
        let right: String
        switch state.connection {
        case .connecting: right = ""
        case .ended: right = "ended"
        case .attached:
            if let seq = state.travelledTo {
                right = "time travel: after #\(seq)"
            } else {
                right = state.isPaused ? "paused" : "live"
            }
        }
        return StatusLine.line(left: left, right: right, width: width)
    }

    private static func bottomLine(_ state: InspectorViewState, width: Int) -> Line {
        if let field = state.filterField {
            return Line("Filter by type: ", style: .bold)
                + field.line(width: max(width - 16, 1), focused: true)
        }
        if let message = state.message {
            return Line(message, style: .color(.yellow)).truncated(toWidth: width)
        }
        return Line()
    }

    // MARK: - The action list

    private static func listTitle(_ state: InspectorViewState, count: Int) -> Line {
        var title = Line("Actions", style: state.focus == .actions ? .bold : .dim)
        title.append(" \(count)")
        if !state.filter.isEmpty { title.append("  /\(state.filter)", style: .color(.cyan)) }
        if state.droppedEntries > 0 {
            title.append("  (\(state.droppedEntries) older not kept)", style: .dim)
        }
        return title
    }

    private static func emptyListText(_ state: InspectorViewState) -> String {
        if !state.filter.isEmpty { return "(no action type contains \"\(state.filter)\")" }
        return state.connection == .ended ? "(no actions)" : "(waiting for actions)"
    }

    private static func row(_ entry: InspectorViewState.Entry) -> Line {
        switch entry.kind {
        case .action(let record):
            return Line("#\(record.seq)  ", style: .dim) + Line(record.name)
                + Line("  " + EventFormatter.duration(Int(clamping: record.durationNs)), style: .dim)
        case .gap(let lost):
            return Line("… \(lost) lost", style: .color(.yellow))
        case .paused(let skipped):
            return Line("… \(skipped) while paused", style: .color(.yellow))
        }
    }

    // MARK: - The diff and the state

    private static func rightPane(
        _ state: InspectorViewState, entry: InspectorViewState.Entry?, width: Int, height: Int
    ) -> [Line] {
        let inner = width - 1  // after a space from the separator
        let treeRows = state.treeRows
        let diff = diffLines(entry)
        // The diff gets what it needs up to half the pane; the state tree the rest.
        let diffHeight = min(max(diff.count, 2), max(height / 2, 2))
        var lines = Array(diff.prefix(diffHeight))
        lines += Array(repeating: Line(), count: diffHeight - lines.count)
        lines.append(stateTitle(state))
        let treeHeight = height - lines.count
        let treeLines = treeRows.map(treeRow)
        lines += ListView.lines(
            items: treeLines, selection: state.focus == .state ? state.treeSelection : nil, width: inner,
            height: treeHeight,
            emptyText: state.connection == .ended ? "(no state)" : "(asking for the state…)")
        return lines.map { Line(" ") + $0.truncated(toWidth: inner) }
    }

    private static func diffLines(_ entry: InspectorViewState.Entry?) -> [Line] {
        guard let entry else { return [Line("Diff", style: .bold), Line("(select an action)", style: .dim)] }
        switch entry.kind {
        case .gap(let lost):
            return [
                Line("\(lost) events lost", style: .bold),
                Line("The inspector fell behind; the app never waits for it.", style: .dim),
            ]
        case .paused(let skipped):
            return [
                Line("\(skipped) actions while paused", style: .bold),
                Line("The app handled them while its stream was paused, and sent none.", style: .dim),
            ]
        case .action(let record):
            var lines = [
                Line("#\(record.seq) \(record.name)", style: .bold)
                    + Line(" · " + EventFormatter.duration(Int(clamping: record.durationNs)), style: .dim)
            ]
            if !record.payload.isEmpty { lines.append(Line("payload: ", style: .dim) + Line(record.payload)) }
            if let site = record.callSite { lines.append(Line("at: ", style: .dim) + Line(site)) }
            if record.diff.isEmpty { lines.append(Line("(no state change)", style: .dim)) }
            for difference in record.diff {
                let path = difference.path.isEmpty ? "(root)" : difference.path
                switch (difference.before, difference.after) {
                case (let before?, let after?):
                    lines.append(Line("~ \(path): ", style: .color(.yellow)) + Line("\(before) → \(after)"))
                case (nil, let after?):
                    lines.append(Line("+ \(path): ", style: .color(.green)) + Line(after))
                case (let before?, nil):
                    lines.append(Line("- \(path): ", style: .color(.red)) + Line(before))
                case (nil, nil):
                    lines.append(Line("~ \(path)", style: .color(.yellow)))
                }
            }
            if record.cutBytes > 0 {
                // Under the title, where a long diff can't push it out of the pane.
                var note = "… \(ByteCountText.text(record.cutBytes)) not kept"
                note += record.cutDifferences > 0 ? " (\(record.cutDifferences) more changes; " : " ("
                note += "\(ByteCountText.text(InspectorViewState.entryByteLimit)) kept per action)"
                lines.insert(Line(note, style: .dim), at: 1)
            }
            return lines
        }
    }

    private static func stateTitle(_ state: InspectorViewState) -> Line {
        var title = Line("State", style: state.focus == .state ? .bold : .dim)
        if let snapshot = state.snapshot { title.append(" after #\(snapshot.seq)") }
        if state.isAwaitingState || state.isStateStale { title.append(" (updating)", style: .dim) }
        return title
    }

    private static func treeRow(_ row: StateTree.Row) -> Line {
        let indent = String(repeating: "  ", count: row.depth)
        switch row.container {
        case true?: return Line(indent + "▾ " + row.text)
        case false?: return Line(indent + "▸ " + row.text)
        case nil: return Line(indent + "  " + row.text)
        }
    }
}

/// A number of bytes in words: `512 bytes`, `16 KB`, `3.2 MB`.
enum ByteCountText {
    static func text(_ bytes: Int) -> String {
        if bytes < 1_024 { return "\(bytes) bytes" }
        if bytes < 1_024 * 1_024 { return "\(bytes / 1_024) KB" }
        return String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
