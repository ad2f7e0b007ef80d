import TerminalUI
import TodoModel

// The line being typed is edited by TerminalUI's `TextField`, the one text-editing model of the
// package (its keys, word moves, combining marks and drawing). Its text and cursor stay in the
// model's state (``TodoScreenState/editor`` and `editorCursor`, in UTF-8 bytes, which both sides
// read in O(1)) as a plain String and Int, since
// TodoModel can't import TerminalUI and the inspector shows, and time travel restores, what was
// typed; these two adapters are the only crossing between the two.

extension TodoScreenState {
    /// The open editor's text and cursor as a field, or `nil` when no editor is open.
    var editorField: TextField? {
        editor.map { TextField(text: $0.text, utf8Cursor: editorCursor) }
    }
}

extension ChangeEditorText {
    /// The action that gives the open editor `field`'s text and cursor.
    init(_ field: TextField) {
        self.init(field.text, cursor: field.utf8Cursor)
    }
}
