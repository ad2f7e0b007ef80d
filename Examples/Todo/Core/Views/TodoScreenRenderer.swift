/// One row of the interactive screen: its text and what it is, so the terminal code can style it.
struct TodoScreenLine: Equatable {
    /// What a row shows; the terminal picks colours and emphasis from it.
    enum Kind: Equatable {
        /// The title bar.
        case header
        /// A list item; `selected` rows are highlighted, `done` ones dimmed.
        case item(selected: Bool, done: Bool)
        /// The hint shown instead of items when the list is empty.
        case emptyHint
        /// The line being typed, after its prompt.
        case editor
        /// A status message.
        case message
        /// The key help at the bottom.
        case keyHelp
        /// An empty row.
        case blank
    }

    /// The row's text, not yet truncated to the terminal's width.
    var text: String
    /// What the row shows.
    var kind: Kind
}

/// Lays out the interactive list for a terminal of a given height, from the state alone:
///
/// ```
/// todo: 2 open, 1 done
///
/// > [ ] Buy milk
///   [ ] Walk the dog
///   [x] Write talk
///   …
/// Add: Call mu
/// ↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit
/// ```
///
/// The item rows scroll so that the selected item is always visible.
enum TodoScreenRenderer {
    /// The key help shown while browsing.
    static let browsingHelp = "↑/↓ move  Space done  a add  e edit  d delete  u undo  q quit"
    /// The key help shown while typing a title.
    static let editingHelp = "Enter save  Esc cancel  Backspace delete"

    /// The screen's rows, exactly `height` of them (at least 4).
    ///
    /// - Parameters:
    ///   - state: The state to show.
    ///   - height: The terminal's height in rows.
    static func lines(for state: TodoAppState, height: Int) -> [TodoScreenLine] {
        let height = max(height, 4)
        var lines = [
            TodoScreenLine(text: "todo: \(summary(of: state.list))", kind: .header),
            TodoScreenLine(text: "", kind: .blank),
        ]
        let listRows = height - 4
        let items = state.list.displayOrder
        if items.isEmpty {
            lines.append(TodoScreenLine(text: "  Nothing to do. Press a to add a todo.", kind: .emptyHint))
        } else {
            let first = firstVisibleRow(selection: state.screen.selection, rows: listRows, count: items.count)
            for (offset, item) in items.enumerated().dropFirst(first).prefix(listRows) {
                let selected = offset == state.screen.selection
                let text = "\(selected ? ">" : " ") \(TodoListRenderer.checkbox(item)) \(item.title)"
                lines.append(TodoScreenLine(text: text, kind: .item(selected: selected, done: item.isDone)))
            }
        }
        while lines.count < height - 2 { lines.append(TodoScreenLine(text: "", kind: .blank)) }
        lines = Array(lines.prefix(height - 2))
        switch state.screen.editor {
        case .adding(let text)?:
            lines.append(TodoScreenLine(text: "Add: \(text)", kind: .editor))
        case .editing(_, let text)?:
            lines.append(TodoScreenLine(text: "Edit: \(text)", kind: .editor))
        case nil:
            lines.append(TodoScreenLine(text: state.screen.message ?? "", kind: .message))
        }
        let help = state.screen.editor == nil ? browsingHelp : editingHelp
        lines.append(TodoScreenLine(text: help, kind: .keyHelp))
        return lines
    }

    /// The first item row to show so that `selection` is visible in `rows` rows.
    static func firstVisibleRow(selection: Int, rows: Int, count: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        let centred = selection - rows / 2
        return max(0, min(centred, count - rows))
    }

    private static func summary(of list: TodoState) -> String {
        let done = list.items.count(where: \.isDone)
        return "\(list.items.count - done) open, \(done) done"
    }
}
