import TerminalUI

/// Turns the list into the lines `todo list` prints.
///
/// ```
/// 1. [ ] Buy milk
/// 2. [ ] Walk the dog
/// 3. [x] Write the talk
/// ```
enum TodoListRenderer {
    /// The list in display order, one line per item, numbers right-aligned; a hint when empty.
    /// Titles are shown through ``TerminalText``: control characters in them (an escape sequence
    /// typed or pasted into a title) appear as placeholders such as `␛`, never raw.
    static func lines(for state: TodoState) -> [String] {
        let items = state.displayOrder
        guard !items.isEmpty else {
            return ["The list is empty. Add a todo with: todo add \"Buy milk\""]
        }
        let width = String(items.count).count
        return items.enumerated().map { offset, item in
            let number = String(offset + 1)
            let padding = String(repeating: " ", count: width - number.count)
            return "\(padding)\(number). \(checkbox(item)) \(item.title.terminalSafe)"
        }
    }

    /// `[x]` for a done item, `[ ]` for an open one.
    static func checkbox(_ item: TodoItem) -> String {
        item.isDone ? "[x]" : "[ ]"
    }
}
