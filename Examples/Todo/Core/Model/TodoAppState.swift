/// The state of the `todo` store: the list itself and, for the interactive mode, what the screen
/// shows around it. The command-line mode uses the same store with an idle screen.
public struct TodoAppState: Codable, Equatable, Sendable {
    /// The list, as kept in the todo file.
    public var list: TodoState
    /// Selection, text being typed and the status message of the interactive list.
    public var screen: TodoScreenState

    /// Creates the state.
    public init(list: TodoState = TodoState(), screen: TodoScreenState = TodoScreenState()) {
        self.list = list
        self.screen = screen
    }
}

/// What the interactive list shows besides the items.
public struct TodoScreenState: Codable, Equatable, Sendable {
    /// The selected row: an index into ``TodoState/displayOrder``, kept within the list.
    public var selection: Int
    /// The line being typed, when the user is adding or editing an item.
    public var editor: TodoEditor?
    /// A one-line message for the status line (a rejected title, a file problem), if any.
    public var message: String?

    /// Creates the screen state.
    public init(selection: Int = 0, editor: TodoEditor? = nil, message: String? = nil) {
        self.selection = selection
        self.editor = editor
        self.message = message
    }
}

/// The line the user is typing in the interactive list.
public enum TodoEditor: Codable, Equatable, Sendable {
    /// A title for a new item.
    case adding(text: String)
    /// A new title for the item with id `id`.
    case editing(id: Int, text: String)

    /// The text typed so far.
    public var text: String {
        switch self {
        case .adding(let text), .editing(_, let text): text
        }
    }

    /// The editor with `text` in place of its current text.
    func with(text: String) -> TodoEditor {
        switch self {
        case .adding: .adding(text: text)
        case .editing(let id, _): .editing(id: id, text: text)
        }
    }
}
