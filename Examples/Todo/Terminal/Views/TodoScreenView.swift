import TerminalUI
import TodoModel

/// Draws the interactive list from the state alone, for a terminal of a given size:
///
/// ```
///  todo                                        2 open, 9 done
///   ↑ 3 more
///    4. [ ] Buy milk
/// ›  5. [ ] Walk the dog
///    6. [x] Write talk
///   ↓ 5 more
/// 'Call mom' is already on the list.
/// Add: Call mom█
/// Enter save  Esc cancel  ←/→ move
/// ```
///
/// Each row shows the number the command line takes for that item (`todo done 5`). The items
/// scroll so that the selected one is always visible (TerminalUI's `ListView`); the
/// rows just above and below them say how many items are out of sight. The status message is
/// wrapped to the width and shown in full (as far as the screen's height allows), above the
/// editor while a title is being typed, so a rejected title or a failed save is explained while
/// the typed text is still there.
enum TodoScreenView {
    /// The smallest terminal the list is drawn in; smaller ones get a "too small" screen.
    static let minimumSize = TerminalSize(columns: 30, rows: 6)
    /// The key help shown while browsing.
    static let browsingHelp = "↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit"
    /// The key help shown while typing a title.
    static let editingHelp = "Enter save  Esc cancel  ←/→ move"

    /// `help` fitted to `width` columns: when it is too wide, the entries before the last one go,
    /// from the one just before it back, so the last entry (`q quit`, `←/→ move`) stays in sight;
    /// only when that alone is too wide is it cut.
    static func fittedHelp(_ help: String, width: Int) -> String {
        var entries = help.components(separatedBy: "  ")
        while entries.count > 1, entries.joined(separator: "  ").displayWidth > width {
            entries.remove(at: entries.count - 2)
        }
        return entries.joined(separator: "  ")
    }
    /// What the list area shows when there are no items.
    static let emptyText = "Nothing to do. Press a to add a todo."

    /// The screen's rows: exactly `size.rows` of them when the terminal is big enough.
    static func lines(state: TodoAppState, size: TerminalSize) -> [Line] {
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else {
            return TooSmallScreen.lines(needed: minimumSize, actual: size)
        }
        let width = size.columns
        let list = state.list
        let done = list.items.count(where: \.isDone)
        let bottom = bottomLines(state: state, size: size)
        let listHeight = listHeight(bottomRows: bottom.count, size: size)

        let items = list.items.enumerated().map { offset, item in
            Line(
                "\(TodoListRenderer.prefix(number: offset + 1, of: list.items.count, item)) \(item.title)",
                style: item.isDone ? .dim : .plain)
        }
        let selection = items.isEmpty ? nil : state.screen.selection
        let first = ListView.firstVisibleIndex(count: items.count, selection: selection, height: listHeight)
        let below = max(items.count - first - listHeight, 0)
        var lines = [
            StatusLine.line(
                left: " todo", right: "\(list.items.count - done) open, \(done) done ", width: width),
            moreLine(first > 0 ? "↑ \(first) more" : nil, width: width),
        ]
        lines += ListView.lines(
            items: items, selection: selection, width: width, height: listHeight, emptyText: emptyText)
        lines.append(moreLine(below > 0 ? "↓ \(below) more" : nil, width: width))
        lines += bottom.isEmpty ? [Line()] : bottom
        let help = state.screen.editor == nil ? browsingHelp : editingHelp
        lines.append(Line(fittedHelp(help, width: width), style: .dim).truncated(toWidth: width))
        return lines
    }

    /// How many rows of items the screen shows for `state` in a terminal of `size`: what Page Up
    /// and Page Down move by.
    static func listHeight(state: TodoAppState, size: TerminalSize) -> Int {
        guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows else { return 1 }
        return listHeight(bottomRows: bottomLines(state: state, size: size).count, size: size)
    }

    /// The header, the rows above and below the items and the key help take four rows; the
    /// message and the editor (at least one row) take theirs from the bottom, leaving the rest to
    /// the items.
    private static func listHeight(bottomRows: Int, size: TerminalSize) -> Int {
        size.rows - 4 - max(bottomRows, 1)
    }

    /// The message, wrapped, and the editor, if they are shown.
    private static func bottomLines(state: TodoAppState, size: TerminalSize) -> [Line] {
        let editorRows = state.screen.editor == nil ? 0 : 1
        let messageRows = messageLines(
            state.screen.message, width: size.columns, maximumRows: size.rows - 5 - editorRows)
        return messageRows
            + (state.screen.editor.map { [editorLine($0, state.screen, width: size.columns)] } ?? [])
    }

    /// A row above or below the items: how many are out of sight that way, or blank.
    private static func moreLine(_ text: String?, width: Int) -> Line {
        guard let text else { return Line() }
        return Line("  \(text)", style: .dim).truncated(toWidth: width)
    }

    /// The status message wrapped to `width`, at most `maximumRows` rows (at least one); when it
    /// doesn't fit, the last row ends with "…".
    static func messageLines(_ message: String?, width: Int, maximumRows: Int) -> [Line] {
        guard let message, !message.isEmpty else { return [] }
        // Wrap what will be shown: placeholders for control characters take columns too.
        var rows = wrap(TerminalText.sanitized(message), width: width)
        let limit = max(maximumRows, 1)
        if rows.count > limit {
            rows = Array(rows.prefix(limit))
            rows[limit - 1] += " …"
        }
        return rows.map { Line($0, style: .color(.yellow)).truncated(toWidth: width) }
    }

    /// `text` broken into rows of at most `width` columns at spaces; a word wider than a row (a
    /// long path) is broken where the row ends.
    static func wrap(_ text: String, width: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        var rowWidth = 0
        for word in text.split(separator: " ") {
            let wordWidth = word.displayWidth
            if rowWidth > 0, rowWidth + 1 + wordWidth <= width {
                row += " " + word
                rowWidth += 1 + wordWidth
                continue
            }
            if rowWidth > 0 {
                rows.append(row)
                row = ""
                rowWidth = 0
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if rowWidth > 0, rowWidth + characterWidth > width {
                    rows.append(row)
                    row = ""
                    rowWidth = 0
                }
                row.append(character)
                rowWidth += characterWidth
            }
        }
        if rowWidth > 0 { rows.append(row) }
        return rows
    }

    /// The prompt and the text being typed, with the cursor where the state puts it.
    private static func editorLine(_ editor: TodoEditor, _ screen: TodoScreenState, width: Int) -> Line {
        let prompt: String
        switch editor {
        case .adding: prompt = "Add: "
        case .editing: prompt = "Edit: "
        }
        let field = screen.editorField ?? TextField(text: editor.text)
        return Line(prompt, style: .bold) + field.line(width: width - prompt.count, focused: true)
    }
}
