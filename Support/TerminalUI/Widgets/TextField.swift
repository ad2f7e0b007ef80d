/// A single-line text input: the text and a cursor, edited by keys.
///
/// Feed it keys with ``handle(_:)``; draw it with ``line(width:focused:)``, which scrolls
/// horizontally to keep the cursor in view and shows the cursor as a reversed cell. A control
/// character in the text (pasted, or in a title being edited) is drawn as its placeholder (see
/// ``TerminalText``) and takes that placeholder's columns.
///
/// The cursor moves by characters (grapheme clusters), never into the middle of one: an accented
/// letter typed as a letter and a combining mark is one character, and a wide (CJK) character is
/// one character that takes two columns on screen. ``cursor`` counts characters from the start;
/// ``utf8Cursor`` is the same place in UTF-8 bytes, which costs nothing to read or set, so a
/// caller that keeps the field's cursor (in a store's state) should keep that one.
///
/// Each key costs what it changes, not the length of the text: the field keeps its cursor as a
/// position in the text's UTF-8, draws only the columns it shows, and inserts a paste in one go.
/// A field holding a megabyte takes a key as fast as one holding a word.
///
/// The keys, as in a shell's line editor:
///
/// | Key | Does |
/// |-----|------|
/// | a printable character | inserts it at the cursor |
/// | a paste (``Key/paste(_:)``) | inserts the pasted text at the cursor (see ``insert(pasted:)``) |
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
    /// The cursor's position in UTF-8 bytes from the start of ``text``, always at the start of a
    /// character (0…`text.utf8.count`).
    public private(set) var utf8Cursor: Int

    /// The cursor's position, in characters from the start (0…`text.count`).
    ///
    /// - Complexity: O(*n*) in the text before the cursor; ``utf8Cursor`` is O(1).
    public var cursor: Int {
        text.distance(from: text.startIndex, to: cursorIndex)
    }

    /// Creates a field holding `text`, with the cursor at its end.
    public init(text: String = "") {
        self.text = text
        self.utf8Cursor = text.utf8.count
    }

    /// Creates a field holding `text` with the cursor at `cursor` characters from the start
    /// (kept within `0…text.count`).
    public init(text: String, cursor: Int) {
        self.text = text
        self.utf8Cursor = 0
        moveCursor(to: cursor)
    }

    /// Creates a field holding `text` with the cursor at `utf8Cursor` bytes from the start (kept
    /// within the text, and moved back to the start of the character it falls in).
    ///
    /// - Complexity: O(1) for a native Swift string.
    public init(text: String, utf8Cursor: Int) {
        self.text = text
        self.utf8Cursor = 0
        self.cursorIndex = Self.characterStart(in: text, utf8Offset: utf8Cursor)
    }

    /// The cursor as an index into ``text``.
    private var cursorIndex: String.Index {
        get { text.utf8.index(text.utf8.startIndex, offsetBy: utf8Cursor) }
        set { utf8Cursor = text.utf8.distance(from: text.utf8.startIndex, to: newValue) }
    }

    /// The start of the character that holds the byte at `utf8Offset` (clamped to the text).
    private static func characterStart(in text: String, utf8Offset: Int) -> String.Index {
        let utf8 = text.utf8
        let offset = min(max(utf8Offset, 0), utf8.count)
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        // Back to a scalar's first byte, then to its character's start (a Character index
        // operation rounds down to a character boundary).
        while index > text.startIndex, index < text.endIndex, utf8[index] & 0xC0 == 0x80 {
            index = utf8.index(before: index)
        }
        guard index > text.startIndex, index < text.endIndex else { return index }
        let next = text.index(after: index)
        return next > index ? text.index(before: next) : index
    }

    /// Applies an editing key (see the table above).
    /// - Returns: Whether the key was an editing key (others, like Enter or Esc, are left to the caller).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        let index = cursorIndex
        switch key {
        case .character(let character):
            insert(character)
        case .paste(let pasted):
            insert(pasted: pasted)
        case .backspace:
            guard index > text.startIndex else { return true }
            removeText(text.index(before: index)..<index)
        case .delete:
            guard index < text.endIndex else { return true }
            removeText(index..<text.index(after: index))
        case .left:
            if index > text.startIndex { cursorIndex = text.index(before: index) }
        case .right:
            if index < text.endIndex { cursorIndex = text.index(after: index) }
        case .home, .ctrl("a"):
            utf8Cursor = 0
        case .end, .ctrl("e"):
            utf8Cursor = text.utf8.count
        case .wordLeft, .alt("b"):
            cursorIndex = startOfWord(before: index)
        case .wordRight, .alt("f"):
            cursorIndex = endOfWord(after: index)
        case .ctrl("k"):
            removeText(index..<text.endIndex)
        case .ctrl("u"):
            removeText(text.startIndex..<index)
        case .ctrl("w"):
            removeText(startOfSpaceSeparatedWord(before: index)..<index)
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
        insertText(String(character))
    }

    /// Inserts pasted text at the cursor and puts the cursor after it.
    ///
    /// The field holds one line, so a paste is made one line: each line break (CR, LF or CR LF)
    /// and each tab becomes one space, so "milk⏎dog food" becomes "milk dog food"; other control
    /// characters (Esc, and the rest of C0 and C1) are dropped, since a paste is text, never keys.
    ///
    /// - Complexity: O(*m*) in the pasted text, plus moving the text after the cursor.
    public mutating func insert(pasted: String) {
        insertText(Self.oneLine(pasted))
    }

    /// `pasted` as one line: see ``insert(pasted:)``.
    static func oneLine(_ pasted: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in pasted.unicodeScalars {
            let value = scalar.value
            defer { previousWasCR = value == 0x0D }
            switch value {
            case 0x0A where previousWasCR:
                continue
            case 0x0D, 0x0A, 0x09:
                scalars.append(" ")
            case 0..<0x20, 0x7F..<0xA0:
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Inserts `inserted` at the cursor; the cursor goes after it, or after the character the
    /// inserted text joined (a combining mark after a letter).
    private mutating func insertText(_ inserted: String) {
        guard !inserted.isEmpty else { return }
        let offset = utf8Cursor + inserted.utf8.count
        text.insert(contentsOf: inserted, at: cursorIndex)
        // The end of the insertion may fall inside a character (a combining mark typed after a
        // letter, then the mark joined it): the cursor goes after that character.
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        let start = Self.characterStart(in: text, utf8Offset: offset)
        cursorIndex = start == end || end == text.endIndex ? end : text.index(after: start)
    }

    /// Replaces the text, putting the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        utf8Cursor = newText.utf8.count
    }

    /// Moves the cursor to `position` characters from the start (kept within `0…text.count`).
    public mutating func moveCursor(to position: Int) {
        cursorIndex =
            text.index(text.startIndex, offsetBy: max(position, 0), limitedBy: text.endIndex) ?? text.endIndex
    }

    /// The field drawn in exactly `width` columns: the part of the text around the cursor, padded;
    /// when `focused`, the cursor's cell is reversed (a wide character under the cursor is
    /// reversed whole).
    ///
    /// When the text is wider than the field, it scrolls so that the cursor's cell is the last
    /// one shown, or the text starts at the left edge when that already shows the cursor.
    ///
    /// - Complexity: O(`width`): only the characters around the cursor are looked at.
    public func line(width: Int, focused: Bool) -> Line {
        guard width > 0 else { return Line() }
        let cursorIndex = self.cursorIndex
        var line = Line()
        var column = 0
        var index = firstVisibleIndex(width: width)
        while index < text.endIndex {
            let character = text[index]
            let characterWidth = TerminalText.displayWidth(of: character)
            if column + characterWidth > width { break }
            line.append(String(character), style: focused && index == cursorIndex ? .reverse : .plain)
            column += characterWidth
            index = text.index(after: index)
        }
        if focused && cursorIndex == text.endIndex && column < width {
            line.append(" ", style: .reverse)
        }
        return line.padded(toWidth: width)
    }

    /// The column, counted from the field's left edge, at which ``line(width:focused:)`` draws
    /// the cursor's cell for a field `width` columns wide.
    public func cursorColumn(width: Int) -> Int {
        let cursorIndex = self.cursorIndex
        var column = 0
        var index = firstVisibleIndex(width: width)
        while index < cursorIndex {
            column += TerminalText.displayWidth(of: text[index])
            index = text.index(after: index)
        }
        return column
    }

    /// The first character shown in `width` columns: scrolled just enough that the text before
    /// the cursor and the cursor's cell fit. Looks back from the cursor no further than `width`
    /// columns.
    private func firstVisibleIndex(width: Int) -> String.Index {
        let cursorIndex = self.cursorIndex
        let cursorWidth =
            cursorIndex < text.endIndex ? max(TerminalText.displayWidth(of: text[cursorIndex]), 1) : 1
        var used = cursorWidth
        var start = cursorIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let previousWidth = TerminalText.displayWidth(of: text[previous])
            if used + previousWidth > width { break }
            used += previousWidth
            start = previous
        }
        return start
    }

    // MARK: Editing helpers

    private mutating func removeText(_ range: Range<String.Index>) {
        guard !range.isEmpty else { return }
        let lower = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
        text.removeSubrange(range)
        // Removing can join what was around the gap (a letter and a combining mark left after it).
        cursorIndex = Self.characterStart(in: text, utf8Offset: lower)
    }

    /// A letter or digit: what word moves (Alt-B, Alt-F) treat as part of a word.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Skips non-word characters backwards, then word characters.
    private func startOfWord(before position: String.Index) -> String.Index {
        var index = position
        while index > text.startIndex, !Self.isWordCharacter(text[text.index(before: index)]) {
            index = text.index(before: index)
        }
        while index > text.startIndex, Self.isWordCharacter(text[text.index(before: index)]) {
            index = text.index(before: index)
        }
        return index
    }

    /// Skips non-word characters forwards, then word characters.
    private func endOfWord(after position: String.Index) -> String.Index {
        var index = position
        while index < text.endIndex, !Self.isWordCharacter(text[index]) { index = text.index(after: index) }
        while index < text.endIndex, Self.isWordCharacter(text[index]) { index = text.index(after: index) }
        return index
    }

    /// Skips whitespace backwards, then everything else: Ctrl-W's word, as in a shell.
    private func startOfSpaceSeparatedWord(before position: String.Index) -> String.Index {
        var index = position
        while index > text.startIndex, text[text.index(before: index)].isWhitespace {
            index = text.index(before: index)
        }
        while index > text.startIndex, !text[text.index(before: index)].isWhitespace {
            index = text.index(before: index)
        }
        return index
    }
}
