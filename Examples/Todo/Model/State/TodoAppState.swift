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
    /// The selected row: an index into ``TodoState/items`` (the row numbered `selection + 1`), kept within the list.
    public var selection: Int
    /// The line being typed, when the user is adding or editing an item.
    public var editor: TodoEditor?
    /// Where the cursor is in the editor's text, in UTF-8 bytes from its start
    /// (0…`editor.text.utf8.count`, at the start of a character); 0 when no editor is open.
    ///
    /// Bytes rather than characters, so that a key typed into a long title costs what it
    /// changes: finding the cursor's place in the text is then O(1), where counting characters
    /// would walk the whole text on every key.
    public var editorCursor: Int
    /// A message for the status line (a rejected title, a file problem), if any; shown in full,
    /// wrapped, above the editor while a title is being typed.
    public var message: String?

    /// Creates the screen state.
    ///
    /// - Parameters:
    ///   - selection: The selected row.
    ///   - editor: The line being typed, if any.
    ///   - message: A message for the status line, if any.
    ///   - editorCursor: Where the cursor is in the editor's text, in UTF-8 bytes; `nil` puts it
    ///     at the end of the text.
    public init(
        selection: Int = 0, editor: TodoEditor? = nil, message: String? = nil, editorCursor: Int? = nil
    ) {
        self.selection = selection
        self.editor = editor
        self.message = message
        let length = editor?.text.utf8.count ?? 0
        self.editorCursor = min(max(editorCursor ?? length, 0), length)
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
