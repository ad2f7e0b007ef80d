import TerminalUI

/// A small VT100/xterm interpreter: feed it a program's output and read back the screen a user
/// would see.
///
/// It understands printable text (wide East Asian characters take two cells, combining marks join
/// the previous cell), CR, LF, BS and Tab, cursor positioning and movement (`CUP`, `CUU`/`CUD`/
/// `CUF`/`CUB`, `CHA`, `VPA`, save/restore), erasing (`ED`, `EL`, `ECH`), the alternate screen
/// (`?1049`, `?1047`, `?47`) and cursor visibility (`?25`). Colours and other attributes (`SGR`)
/// are ignored, as are sequences it doesn't know.
///
/// ```swift
/// var screen = VirtualScreen(columns: 20, rows: 3)
/// screen.feed("\u{1B}[2;3Hhello")
/// screen.lines[1]   // "  hello"
/// ```
public struct VirtualScreen: Sendable, CustomStringConvertible {
    /// The screen's size.
    public private(set) var size: TerminalSize
    /// Whether the program switched to the alternate screen and hasn't left it.
    public private(set) var isAlternateScreenActive = false
    /// Whether the cursor is shown (programs hide it with `ESC[?25l`).
    public private(set) var isCursorVisible = true
    /// Whether the program asked for bracketed paste (`ESC[?2004h`) and hasn't turned it off: a
    /// terminal then wraps pasted text in `ESC[200~` … `ESC[201~`.
    public private(set) var isBracketedPasteOn = false
    /// The cursor's row, from 0.
    public private(set) var cursorRow = 0
    /// The cursor's column, from 0.
    public private(set) var cursorColumn = 0

    /// Cells by row; a cell holds a character and any combining marks, "" for the right half of a
    /// wide character.
    private var cells: [[String]]
    private var mainScreen: (cells: [[String]], row: Int, column: Int)?
    private var savedCursor = (row: 0, column: 0)
    private var pendingWrap = false
    private var parser = ParserState.ground
    private var utf8Buffer: [UInt8] = []

    /// Where the interpreter is in an escape sequence.
    private enum ParserState: Sendable {
        /// Plain text and control characters.
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`, collecting parameter and intermediate bytes.
        case controlSequence([UInt8])
        /// Inside an operating system command (`ESC ]` … BEL or `ESC \`).
        case operatingSystemCommand(sawEscape: Bool)
        /// After `ESC (` and the like: one more byte names a character set.
        case characterSet
    }

    /// Creates a blank screen of `columns` × `rows`.
    public init(columns: Int = 80, rows: Int = 24) {
        size = TerminalSize(columns: max(columns, 1), rows: max(rows, 1))
        cells = Self.blank(size)
    }

    /// The rows as text, trailing spaces removed.
    public var lines: [String] {
        cells.map { row in
            var text = row.joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The screen as text: ``lines`` joined with newlines, without trailing blank lines.
    public var text: String {
        var rows = lines
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }

    /// The screen text (for test failure messages).
    public var description: String { text }

    /// Whether `text` appears on one row of the screen.
    public func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// Feeds the UTF-8 bytes of `text`.
    public mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    /// Feeds output bytes, in order; sequences may be split across calls.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { consume(byte) }
    }

    /// Changes the size, keeping what fits (as a terminal window does when resized).
    public mutating func resize(columns: Int, rows: Int) {
        let newSize = TerminalSize(columns: max(columns, 1), rows: max(rows, 1))
        var newCells = Self.blank(newSize)
        for row in 0..<min(size.rows, newSize.rows) {
            for column in 0..<min(size.columns, newSize.columns) {
                newCells[row][column] = cells[row][column]
            }
        }
        cells = newCells
        size = newSize
        cursorRow = min(cursorRow, newSize.rows - 1)
        cursorColumn = min(cursorColumn, newSize.columns - 1)
        pendingWrap = false
    }

    private static func blank(_ size: TerminalSize) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
    }

    // MARK: - Bytes

    private mutating func consume(_ byte: UInt8) {
        switch parser {
        case .ground:
            consumeGround(byte)
        case .escape:
            consumeEscape(byte)
        case .controlSequence(var bytes):
            if (0x20...0x3F).contains(byte) {
                bytes.append(byte)
                parser = .controlSequence(bytes)
            } else if (0x40...0x7E).contains(byte) {
                parser = .ground
                performControlSequence(bytes, final: byte)
            } else if byte == 0x1B {
                parser = .escape
            } else {
                parser = .ground
            }
        case .operatingSystemCommand(let sawEscape):
            if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
                parser = .ground
            } else {
                parser = .operatingSystemCommand(sawEscape: byte == 0x1B)
            }
        case .characterSet:
            parser = .ground
        }
    }

    private mutating func consumeGround(_ byte: UInt8) {
        if !utf8Buffer.isEmpty && byte & 0xC0 != 0x80 {
            // A character cut short: show a replacement and go on with this byte.
            utf8Buffer.removeAll()
            printScalar("\u{FFFD}")
        }
        if byte >= 0x80 {
            utf8Buffer.append(byte)
            let expected: Int
            switch utf8Buffer[0] {
            case 0xC2...0xDF: expected = 2
            case 0xE0...0xEF: expected = 3
            case 0xF0...0xF4: expected = 4
            default: expected = 1
            }
            guard utf8Buffer.count >= expected else { return }
            let text = String(decoding: utf8Buffer, as: UTF8.self)
            utf8Buffer.removeAll()
            for scalar in text.unicodeScalars { printScalar(scalar) }
            return
        }
        switch byte {
        case 0x1B: parser = .escape
        case 0x0D:
            cursorColumn = 0
            pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08:
            cursorColumn = max(0, cursorColumn - 1)
            pendingWrap = false
        case 0x09:
            cursorColumn = min(size.columns - 1, (cursorColumn / 8 + 1) * 8)
            pendingWrap = false
        case 0x20...0x7E: printScalar(Unicode.Scalar(byte))
        default: break  // BEL and other controls
        }
    }

    private mutating func consumeEscape(_ byte: UInt8) {
        parser = .ground
        switch byte {
        case UInt8(ascii: "["): parser = .controlSequence([])
        case UInt8(ascii: "]"): parser = .operatingSystemCommand(sawEscape: false)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            parser = .characterSet
        case UInt8(ascii: "7"): savedCursor = (cursorRow, cursorColumn)
        case UInt8(ascii: "8"): moveCursor(row: savedCursor.row, column: savedCursor.column)
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            lineFeed()
            cursorColumn = 0
        case UInt8(ascii: "M"):
            if cursorRow == 0 {
                cells.removeLast()
                cells.insert(Array(repeating: " ", count: size.columns), at: 0)
            } else {
                cursorRow -= 1
            }
            pendingWrap = false
        case UInt8(ascii: "c"):
            cells = Self.blank(size)
            moveCursor(row: 0, column: 0)
            isCursorVisible = true
        default: break
        }
    }

    // MARK: - Text

    private mutating func printScalar(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(scalar)
        if width == 0 {
            attachToPreviousCell(scalar)
            return
        }
        if pendingWrap || (width == 2 && cursorColumn == size.columns - 1) {
            cursorColumn = 0
            lineFeed()
        }
        clearWideCharacter(at: cursorRow, cursorColumn)
        cells[cursorRow][cursorColumn] = String(scalar)
        if width == 2 && cursorColumn + 1 < size.columns {
            clearWideCharacter(at: cursorRow, cursorColumn + 1)
            cells[cursorRow][cursorColumn + 1] = ""
        }
        cursorColumn += width
        if cursorColumn >= size.columns {
            cursorColumn = size.columns - 1
            pendingWrap = true
        }
    }

    private mutating func attachToPreviousCell(_ scalar: Unicode.Scalar) {
        var column = pendingWrap ? cursorColumn : cursorColumn - 1
        while column > 0 && cells[cursorRow][column].isEmpty { column -= 1 }
        guard column >= 0 else { return }
        cells[cursorRow][column].unicodeScalars.append(scalar)
    }

    /// Blanks both halves of a wide character when one of its cells is overwritten.
    private mutating func clearWideCharacter(at row: Int, _ column: Int) {
        if cells[row][column].isEmpty, column > 0 {
            cells[row][column - 1] = " "
        } else if column + 1 < size.columns, cells[row][column + 1].isEmpty {
            cells[row][column + 1] = " "
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == size.rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: size.columns))
        } else {
            cursorRow += 1
        }
    }

    private mutating func moveCursor(row: Int, column: Int) {
        cursorRow = min(max(row, 0), size.rows - 1)
        cursorColumn = min(max(column, 0), size.columns - 1)
        pendingWrap = false
    }

    // MARK: - Control sequences

    private mutating func performControlSequence(_ bytes: [UInt8], final: UInt8) {
        let isPrivate = bytes.first == UInt8(ascii: "?")
        let parameterBytes = bytes.filter { (0x30...0x3B).contains($0) }
        let parameters = String(decoding: parameterBytes, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        func parameter(_ index: Int, default value: Int) -> Int {
            index < parameters.count && parameters[index] != 0 ? parameters[index] : value
        }
        let count = parameter(0, default: 1)
        switch final {
        case UInt8(ascii: "A"): moveCursor(row: cursorRow - count, column: cursorColumn)
        case UInt8(ascii: "B"), UInt8(ascii: "e"): moveCursor(row: cursorRow + count, column: cursorColumn)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): moveCursor(row: cursorRow, column: cursorColumn + count)
        case UInt8(ascii: "D"): moveCursor(row: cursorRow, column: cursorColumn - count)
        case UInt8(ascii: "E"): moveCursor(row: cursorRow + count, column: 0)
        case UInt8(ascii: "F"): moveCursor(row: cursorRow - count, column: 0)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): moveCursor(row: cursorRow, column: count - 1)
        case UInt8(ascii: "d"): moveCursor(row: count - 1, column: cursorColumn)
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            moveCursor(row: parameter(0, default: 1) - 1, column: parameter(1, default: 1) - 1)
        case UInt8(ascii: "J"): eraseInDisplay(parameters.first ?? 0)
        case UInt8(ascii: "K"): eraseInLine(parameters.first ?? 0)
        case UInt8(ascii: "X"):
            for column in cursorColumn..<min(size.columns, cursorColumn + count) {
                cells[cursorRow][column] = " "
            }
        case UInt8(ascii: "s"): savedCursor = (cursorRow, cursorColumn)
        case UInt8(ascii: "u"): moveCursor(row: savedCursor.row, column: savedCursor.column)
        case UInt8(ascii: "h") where isPrivate:
            for mode in parameters { setPrivateMode(mode, on: true) }
        case UInt8(ascii: "l") where isPrivate:
            for mode in parameters { setPrivateMode(mode, on: false) }
        default: break  // SGR (m) and everything else: no effect on the text
        }
    }

    private mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            eraseInLine(0)
            for row in (cursorRow + 1)..<size.rows { cells[row] = Array(repeating: " ", count: size.columns) }
        case 1:
            eraseInLine(1)
            for row in 0..<cursorRow { cells[row] = Array(repeating: " ", count: size.columns) }
        default:
            cells = Self.blank(size)
        }
    }

    private mutating func eraseInLine(_ mode: Int) {
        let range: Range<Int>
        switch mode {
        case 0: range = cursorColumn..<size.columns
        case 1: range = 0..<(cursorColumn + 1)
        default: range = 0..<size.columns
        }
        if range.lowerBound > 0, cells[cursorRow][range.lowerBound].isEmpty {
            cells[cursorRow][range.lowerBound - 1] = " "
        }
        if range.upperBound < size.columns, cells[cursorRow][range.upperBound].isEmpty {
            cells[cursorRow][range.upperBound] = " "
        }
        for column in range { cells[cursorRow][column] = " " }
    }

    private mutating func setPrivateMode(_ mode: Int, on: Bool) {
        switch mode {
        case 25:
            isCursorVisible = on
        case 2004:
            isBracketedPasteOn = on
        case 47, 1047, 1049:
            if on, !isAlternateScreenActive {
                mainScreen = (cells, cursorRow, cursorColumn)
                cells = Self.blank(size)
                isAlternateScreenActive = true
            } else if !on, isAlternateScreenActive {
                if let mainScreen, mainScreen.cells.count == size.rows,
                    mainScreen.cells.first?.count == size.columns
                {
                    cells = mainScreen.cells
                    if mode == 1049 { moveCursor(row: mainScreen.row, column: mainScreen.column) }
                } else {
                    cells = Self.blank(size)
                }
                mainScreen = nil
                isAlternateScreenActive = false
            }
        default:
            break
        }
    }
}
