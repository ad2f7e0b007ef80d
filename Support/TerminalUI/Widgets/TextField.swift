/// A single-line text input: the text and a cursor, edited by keys.
///
/// Feed it keys with ``handle(_:)``; draw it with ``line(width:focused:)``, which scrolls
/// horizontally to keep the cursor in view and shows the cursor as a reversed cell. A control
/// character in the text (pasted, or in a title being edited) is drawn as its placeholder (see
/// ``TerminalText``) and takes that placeholder's columns.
///
/// ```swift
/// var field = TextField(text: "milk")
/// field.handle(.left)            // cursor before "k"
/// field.handle(.backspace)       // "mik"
/// field.line(width: 10, focused: true)
/// ```
public struct TextField: Hashable, Sendable {
    /// The text.
    public private(set) var text: String
    /// The cursor's position, in characters from the start (0…`text.count`).
    public private(set) var cursor: Int

    /// Creates a field holding `text`, with the cursor at its end.
    public init(text: String = "") {
        self.text = text
        self.cursor = text.count
    }

    /// Applies an editing key: printable characters insert, Backspace and Delete remove, Left,
    /// Right, Home and End (and Ctrl-A / Ctrl-E) move, Ctrl-U clears.
    /// - Returns: Whether the key was an editing key (others, like Enter or Esc, are left to the caller).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(character)
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"):
            cursor = 0
        case .end, .ctrl("e"):
            cursor = text.count
        case .ctrl("u"):
            text = ""
            cursor = 0
        default:
            return false
        }
        return true
    }

    /// Inserts `character` at the cursor.
    public mutating func insert(_ character: Character) {
        text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += 1
    }

    /// Replaces the text, putting the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// The field drawn in exactly `width` columns: the part of the text around the cursor, padded;
    /// when `focused`, the cursor's cell is reversed.
    public func line(width: Int, focused: Bool) -> Line {
        guard width > 0 else { return Line() }
        let characters = Array(text)
        // Scroll so the text before the cursor, and one cell for the cursor, fit.
        var start = 0
        var used = characters[..<cursor].reduce(0) { $0 + TerminalText.displayWidth(of: $1) } + 1
        while used > width, start < cursor {
            used -= TerminalText.displayWidth(of: characters[start])
            start += 1
        }
        var line = Line()
        var column = 0
        var index = start
        while index < characters.count {
            let characterWidth = TerminalText.displayWidth(of: characters[index])
            if column + characterWidth > width { break }
            line.append(String(characters[index]), style: focused && index == cursor ? .reverse : .plain)
            column += characterWidth
            index += 1
        }
        if focused && cursor == characters.count && column < width {
            line.append(" ", style: .reverse)
        }
        return line.padded(toWidth: width)
    }
}
