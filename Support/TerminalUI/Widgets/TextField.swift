/// A single-line text input: the text and a cursor, edited by keys.
///
/// Feed it keys with ``handle(_:)``; draw it with ``line(width:focused:)``, which scrolls
/// horizontally to keep the cursor in view and shows the cursor as a reversed cell. A control
/// character in the text (pasted, or in a title being edited) is drawn as its placeholder (see
/// ``TerminalText``) and takes that placeholder's columns.
///
/// The cursor counts characters (grapheme clusters), never bytes or code points: an accented
/// letter typed as a letter and a combining mark is one character, and a wide (CJK) character is
/// one character that takes two columns on screen.
///
/// The keys, as in a shell's line editor:
///
/// | Key | Does |
/// |-----|------|
/// | a printable character | inserts it at the cursor |
/// | Backspace / Delete | removes the character before / at the cursor |
/// | ← → | move one character |
/// | Home, Ctrl-A / End, Ctrl-E | move to the start / end |
/// | Alt-← or Ctrl-← (``Key/wordLeft``), Alt-B | move to the start of the word before the cursor |
/// | Alt-→ or Ctrl-→ (``Key/wordRight``), Alt-F | move to the end of the word after the cursor |
/// | Ctrl-K | deletes from the cursor to the end |
/// | Ctrl-U | deletes from the start to the cursor (all of it when the cursor is at the end) |
/// | Ctrl-W | deletes the word before the cursor (back to a space) |
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

    /// Creates a field holding `text` with the cursor at `cursor` characters from the start
    /// (kept within `0…text.count`).
    public init(text: String, cursor: Int) {
        self.text = text
        self.cursor = min(max(cursor, 0), text.count)
    }

    /// Applies an editing key (see the table above).
    /// - Returns: Whether the key was an editing key (others, like Enter or Esc, are left to the caller).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert(character)
        case .backspace:
            guard cursor > 0 else { return true }
            removeCharacters(cursor - 1..<cursor)
        case .delete:
            guard cursor < text.count else { return true }
            removeCharacters(cursor..<cursor + 1)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"):
            cursor = 0
        case .end, .ctrl("e"):
            cursor = text.count
        case .wordLeft, .alt("b"):
            cursor = startOfWord(before: cursor)
        case .wordRight, .alt("f"):
            cursor = endOfWord(after: cursor)
        case .ctrl("k"):
            removeCharacters(cursor..<text.count)
        case .ctrl("u"):
            removeCharacters(0..<cursor)
        case .ctrl("w"):
            removeCharacters(startOfSpaceSeparatedWord(before: cursor)..<cursor)
        default:
            return false
        }
        return true
    }

    /// Inserts `character` at the cursor and puts the cursor after it.
    ///
    /// A combining mark typed after a letter joins that letter (the text gains no character), and
    /// the cursor stays after the combined character.
    public mutating func insert(_ character: Character) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        let scalarsBefore = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        text.insert(character, at: index)
        cursor = Self.characterCount(
            in: text, upToScalarOffset: scalarsBefore + character.unicodeScalars.count)
    }

    /// Replaces the text, putting the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Moves the cursor to `position` characters from the start (kept within `0…text.count`).
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(position, 0), text.count)
    }

    /// The field drawn in exactly `width` columns: the part of the text around the cursor, padded;
    /// when `focused`, the cursor's cell is reversed (a wide character under the cursor is
    /// reversed whole).
    ///
    /// When the text is wider than the field, it scrolls so that the cursor's cell is the last
    /// one shown, or the text starts at the left edge when that already shows the cursor.
    public func line(width: Int, focused: Bool) -> Line {
        guard width > 0 else { return Line() }
        let characters = Array(text)
        let widths = characters.map { TerminalText.displayWidth(of: $0) }
        let start = firstVisibleCharacter(widths: widths, width: width)
        var line = Line()
        var column = 0
        var index = start
        while index < characters.count {
            if column + widths[index] > width { break }
            line.append(String(characters[index]), style: focused && index == cursor ? .reverse : .plain)
            column += widths[index]
            index += 1
        }
        if focused && cursor == characters.count && column < width {
            line.append(" ", style: .reverse)
        }
        return line.padded(toWidth: width)
    }

    /// The column, counted from the field's left edge, at which ``line(width:focused:)`` draws
    /// the cursor's cell for a field `width` columns wide.
    public func cursorColumn(width: Int) -> Int {
        let widths = Array(text).map { TerminalText.displayWidth(of: $0) }
        return widths[firstVisibleCharacter(widths: widths, width: width)..<cursor].reduce(0, +)
    }

    /// The first character shown in `width` columns: scrolled just enough that the text before
    /// the cursor and the cursor's cell fit.
    private func firstVisibleCharacter(widths: [Int], width: Int) -> Int {
        let cursorWidth = cursor < widths.count ? max(widths[cursor], 1) : 1
        var start = 0
        var used = widths[..<cursor].reduce(0, +) + cursorWidth
        while used > width, start < cursor {
            used -= widths[start]
            start += 1
        }
        return start
    }

    // MARK: Editing helpers

    private mutating func removeCharacters(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        text.removeSubrange(lower..<upper)
        // Removing can join what was around the gap (a letter and a combining mark left after it).
        cursor = min(range.lowerBound, text.count)
    }

    /// A letter or digit: what word moves (Alt-B, Alt-F) treat as part of a word.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Skips non-word characters backwards, then word characters.
    private func startOfWord(before position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Skips non-word characters forwards, then word characters.
    private func endOfWord(after position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Skips whitespace backwards, then everything else: Ctrl-W's word, as in a shell.
    private func startOfSpaceSeparatedWord(before position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    /// How many characters of `text` start before `offset` unicode scalars from its start.
    private static func characterCount(in text: String, upToScalarOffset offset: Int) -> Int {
        var count = 0
        var scalars = 0
        for character in text {
            guard scalars < offset else { break }
            scalars += character.unicodeScalars.count
            count += 1
        }
        return count
    }
}
