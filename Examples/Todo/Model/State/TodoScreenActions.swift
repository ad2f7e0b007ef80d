import ReSwift

/// An action that changes only what the interactive screen shows; never recorded for undo and
/// never written to the file.
public protocol TodoScreenAction: Action {}

/// Moves the selection by `offset` rows, stopping at the first and last item.
public struct MoveSelection: TodoScreenAction, Codable, Equatable {
    /// Rows to move: negative is up.
    public var offset: Int
    /// Creates the action.
    public init(by offset: Int) { self.offset = offset }
}

/// Selects the item titled `title`, if it is on the list (used after adding an item).
public struct SelectTodo: TodoScreenAction, Codable, Equatable {
    /// The title of the item to select.
    public var title: String
    /// Creates the action.
    public init(titled title: String) { self.title = title }
}

/// Opens the editor to type a new item's title.
public struct BeginAddingTodo: TodoScreenAction, Codable, Equatable {
    /// Creates the action.
    public init() {}
}

/// Opens the editor on the selected item's title. Ignored when the list is empty.
public struct BeginEditingTodo: TodoScreenAction, Codable, Equatable {
    /// Creates the action.
    public init() {}
}

/// Replaces the text in the open editor and moves its cursor (typing, deleting, moving). A
/// message shown about the title is cleared when the text changes.
///
/// The interactive list sends one for all the keys of one read (a paste sent as keys is one
/// action, not one per character), and the reducer takes it in O(1) besides comparing the text.
public struct ChangeEditorText: TodoScreenAction, Codable, Equatable {
    /// The editor's new text.
    public var text: String
    /// Where the cursor goes, in UTF-8 bytes from the start of `text` (see
    /// ``TodoScreenState/editorCursor``); `nil` for its end.
    public var cursor: Int?
    /// Creates the action.
    public init(_ text: String, cursor: Int? = nil) {
        self.text = text
        self.cursor = cursor
    }
}

/// Closes the editor without changing the list.
public struct CloseEditor: TodoScreenAction, Codable, Equatable {
    /// Creates the action.
    public init() {}
}

/// Shows a message on the status line, or clears it with `nil`.
public struct ShowTodoMessage: TodoScreenAction, Codable, Equatable {
    /// The message, one line.
    public var message: String?
    /// Creates the action.
    public init(_ message: String?) { self.message = message }
}

/// Replaces the list with the one just read from or written to the todo file, so the screen
/// shows what is saved, including changes made by other `todo` processes.
public struct TodoListLoaded: Action, Codable, Equatable {
    /// The list as saved.
    public var list: TodoState
    /// Creates the action.
    public init(_ list: TodoState) { self.list = list }
}
