import ReSwift

/// An action that changes the todo list. The list's reducer handles every action of this kind
/// and records the list as it was before, so that ``UndoTodoChange`` can restore it.
public protocol TodoAction: Action {}

/// Adds an item at the end of the list. Ignored when the title is empty or already on the list
/// (as in the ReSwift 101 talk, the list holds no duplicates).
public struct AddTodo: TodoAction, Codable, Equatable {
    /// The title; normalized by the reducer (see ``TodoItem/title``).
    public var title: String
    /// Creates the action.
    public init(title: String) { self.title = title }
}

/// Changes an item's title. Ignored when the item is gone, or the new title is empty or belongs
/// to another item.
public struct UpdateTodo: TodoAction, Codable, Equatable {
    /// The item to change.
    public var id: Int
    /// The new title; normalized by the reducer.
    public var title: String
    /// Creates the action.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// Removes an item. Ignored when the item is gone.
public struct RemoveTodo: TodoAction, Codable, Equatable {
    /// The item to remove.
    public var id: Int
    /// Creates the action.
    public init(id: Int) { self.id = id }
}

/// Marks an open item done, or a done item open again. Ignored when the item is gone.
public struct ToggleTodo: TodoAction, Codable, Equatable {
    /// The item to toggle.
    public var id: Int
    /// Creates the action.
    public init(id: Int) { self.id = id }
}

/// Removes every done item.
public struct ClearDoneTodos: TodoAction, Codable, Equatable {
    /// Creates the action.
    public init() {}
}

/// Restores the list as it was before its last change. Ignored when there is nothing to undo.
public struct UndoTodoChange: TodoAction, Codable, Equatable {
    /// Creates the action.
    public init() {}
}
