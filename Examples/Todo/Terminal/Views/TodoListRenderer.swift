import TerminalUI
import TodoModel

/// Turns the list into the lines `todo list` prints.
///
/// ```
/// 1. [ ] Buy milk
/// 2. [ ] Walk the dog
/// 3. [x] Write the talk
/// ```
enum TodoListRenderer {
    /// The list in its order (the order the items were added), one line per item, numbers right-aligned; a hint when empty.
    /// Titles are shown through ``TerminalText``: control characters in them (an escape sequence
    /// typed or pasted into a title) appear as placeholders such as `␛`, never raw.
    static func lines(for state: TodoState) -> [String] {
        let items = state.items
        guard !items.isEmpty else {
            return ["The list is empty. Add a todo with: todo add \"Buy milk\""]
        }
        return items.enumerated().map { offset, item in
            "\(prefix(number: offset + 1, of: items.count, item)) \(item.title.terminalSafe)"
        }
    }

    /// `" 3. [x]"`: the item's number, right-aligned for a list of `count` items, and its
    /// checkbox. The command line and the interactive list show the same numbers, the ones the
    /// commands take (see ``TodoState/item(number:)``).
    static func prefix(number: Int, of count: Int, _ item: TodoItem) -> String {
        let text = String(number)
        let padding = String(repeating: " ", count: max(String(count).count - text.count, 0))
        return "\(padding)\(text). \(checkbox(item))"
    }

    /// `[x]` for a done item, `[ ]` for an open one.
    static func checkbox(_ item: TodoItem) -> String {
        item.isDone ? "[x]" : "[ ]"
    }
}
