import TerminalUI

/// Draws the interactive list from the state alone, for a terminal of a given size:
///
/// ```
///  todo                                        2 open, 1 done
///
///   [ ] Buy milk
/// › [ ] Walk the dog
///   [x] Write talk
///
/// Add: Call mu█
/// ↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit
/// ```
///
/// The items scroll so that the selected one is always visible (TerminalUI's `ListView`).
enum TodoScreenView {
    /// The smallest terminal the list is drawn in; smaller ones get a "too small" screen.
    static let minimumSize = TerminalSize(columns: 30, rows: 6)
    /// The key help shown while browsing.
    static let browsingHelp = "↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit"
    /// The key help shown while typing a title.
    static let editingHelp = "Enter save  Esc cancel  Backspace delete"
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
        var lines = [
            StatusLine.line(
                left: " todo", right: "\(list.items.count - done) open, \(done) done ", width: width),
            Line(),
        ]
        let items = list.displayOrder.map { item in
            Line("\(TodoListRenderer.checkbox(item)) \(item.title)", style: item.isDone ? .dim : .plain)
        }
        lines += ListView.lines(
            items: items, selection: items.isEmpty ? nil : state.screen.selection, width: width,
            height: size.rows - 5, emptyText: emptyText)
        lines.append(Line())
        lines.append(bottomLine(state.screen, width: width))
        let help = state.screen.editor == nil ? browsingHelp : editingHelp
        lines.append(Line(help, style: .dim).truncated(toWidth: width))
        return lines
    }

    /// The editor while typing, otherwise the status message (or nothing).
    private static func bottomLine(_ screen: TodoScreenState, width: Int) -> Line {
        guard let editor = screen.editor else {
            return Line(screen.message ?? "", style: .color(.yellow)).truncated(toWidth: width)
        }
        let prompt: String
        switch editor {
        case .adding: prompt = "Add: "
        case .editing: prompt = "Edit: "
        }
        let field = TextField(text: editor.text).line(width: width - prompt.count, focused: true)
        return Line(prompt, style: .bold) + field
    }
}
