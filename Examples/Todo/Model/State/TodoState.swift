/// The todo list: its items, the next identifier to hand out, and the undo history.
///
/// This whole value is what the todo file stores, so `todo undo` works across invocations. The
/// history holds each change's inverse (``TodoUndoStep``), not a copy of the list, so it stays a
/// few kilobytes however long the list is.
///
/// The list's rules: ids are positive and unique, ``nextID`` is above every id (so an id is never
/// handed out twice), and titles are unique, ignoring case and width. The reducer keeps them; a list read from a file is
/// checked with ``repairingIDs()``.
public struct TodoState: Codable, Equatable, Sendable {
    /// How many changes ``undoHistory`` keeps; older ones are dropped.
    public static let undoLimit = 50

    /// The items in the order they were added, which is the order `todo list` shows and numbers
    /// them in (see ``item(number:)``).
    public var items: [TodoItem]
    /// The identifier the next added item gets.
    public var nextID: Int
    /// How to take back the last changes, oldest first; ``UndoTodoChange`` applies the last one.
    public var undoHistory: [TodoUndoStep]

    /// Creates a list.
    public init(items: [TodoItem] = [], nextID: Int? = nil, undoHistory: [TodoUndoStep] = []) {
        self.items = items
        self.nextID = nextID ?? ((items.map(\.id).max() ?? 0) + 1)
        self.undoHistory = undoHistory
    }

    /// The item a user means by `number` (1-based, as `todo list` and the interactive list number
    /// the items), if there is one.
    ///
    /// An item's number is its position in ``items``, the order the items were added: marking an
    /// item done or open again keeps its number, so `todo done 1` then `todo undone 1` mean the
    /// same item. Only removing an item (or clearing done ones) renumbers the items after it.
    ///
    /// - Complexity: O(1).
    public func item(number: Int) -> TodoItem? {
        guard number >= 1, number <= items.count else { return nil }
        return items[number - 1]
    }

    /// The number `todo list` shows for the item with `id`, if it is on the list.
    ///
    /// - Complexity: O(*n*) in the number of items.
    public func number(ofItemWithID id: Int) -> Int? {
        items.firstIndex { $0.id == id }.map { $0 + 1 }
    }

    /// The item whose title matches `title` once both are normalized, ignoring case and width
    /// ("call mom" matches "Call mom", full-width "ｔｅａ" matches "tea"), if there is one. An
    /// item with exactly that title wins over one that differs only in case or width (a list
    /// saved before this rule may hold both).
    public func item(titled title: String) -> TodoItem? {
        let wanted = TodoTitle.normalized(title)
        if let exact = items.first(where: { $0.title == wanted }) { return exact }
        let key = TodoTitle.matchingKey(wanted)
        return items.first { TodoTitle.matchingKey($0.title) == key }
    }

    /// Whether ``UndoTodoChange`` would change anything.
    public var canUndo: Bool { !undoHistory.isEmpty }
}
