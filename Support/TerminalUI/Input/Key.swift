/// A key press, decoded from the bytes a terminal sends in raw mode.
///
/// Printable text arrives as ``character(_:)`` (the space bar too: see ``space``); keys that
/// send control bytes or escape sequences have their own cases. Modifiers on arrows and the like
/// (Shift, Ctrl, Alt) are dropped, so Ctrl-Up is ``up``, except Ctrl or Alt with ← and →, which
/// text fields use to move by words: ``wordLeft`` and ``wordRight``.
public enum Key: Hashable, Sendable {
    /// A printable character, including space and non-ASCII text.
    case character(Character)
    /// Return / Enter (CR or LF).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL 0x7F or BS 0x08).
    case backspace
    /// Escape on its own (not the start of a sequence).
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Arrow left with Ctrl or Alt held (xterm's `ESC [1;5D` and `ESC [1;3D`, rxvt's `ESC O d`,
    /// `ESC ESC [D`): a word to the left in a text field. Shift alone is dropped (``left``).
    case wordLeft
    /// Arrow right with Ctrl or Alt held: a word to the right in a text field.
    case wordRight
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key F1–F12, by number.
    case function(Int)
    /// Ctrl and a letter, as the lowercase letter: Ctrl-C is `.ctrl("c")`. In raw mode Ctrl-C does
    /// not send SIGINT; apps treat `.ctrl("c")` as quit.
    case ctrl(Character)
    /// Alt (Meta) and a character, sent as Esc followed by the character.
    case alt(Character)
    /// Text the user pasted, whole: a terminal in bracketed-paste mode (which ``TerminalSession``
    /// turns on) wraps a paste in `ESC [200~` … `ESC [201~`, and ``KeyDecoder`` gives the text
    /// between as one key. A paste is text, never commands: a text field inserts it
    /// (``TextField/insert(pasted:)``), and a screen without an open field ignores it, so a pasted
    /// `q` or `d` never quits or deletes.
    case paste(String)

    /// The space bar: `.character(" ")`.
    public static let space = Key.character(" ")

    /// Whether this key is Ctrl-C.
    public var isInterrupt: Bool { self == .ctrl("c") }
}
