/// Text columns aligned by display width, for plain (non-interactive) output such as
/// `--format table`: Japanese text counts two columns per character, so columns stay aligned.
/// Cells are shown through ``TerminalText``: control characters in them become visible
/// placeholders, and columns are measured with the placeholders.
///
/// ```swift
/// let lines = Table.lines(header: ["Name", "City"], rows: [["秋田県立図書館", "秋田市"]])
/// for line in lines { print(line.plainText) }
/// // Name            City
/// // 秋田県立図書館  秋田市
/// ```
public enum Table {
    /// The table's lines: the header (bold) if given, with a rule under it if asked, then one
    /// line per row. Each column is as wide as its widest cell, capped by `maximumWidths` (longer
    /// cells are truncated with "…"); the last column is not padded.
    ///
    /// - Parameters:
    ///   - header: The column titles, or `nil` for none.
    ///   - rule: With a header, the character of a line under it as wide as each column
    ///     (`"─"`), or `nil` for none.
    ///   - rows: The cells, row by row; short rows are treated as ending in empty cells.
    ///   - maximumWidths: An optional cap per column (`nil` entries and missing ones: no cap).
    ///   - separator: What goes between columns.
    public static func lines(
        header: [String]? = nil, rule: Character? = nil, rows: [[String]], maximumWidths: [Int?] = [],
        separator: String = "  "
    ) -> [Line] {
        let allRows = (header.map { [$0] } ?? []) + rows
        let columnCount = allRows.map(\.count).max() ?? 0
        guard columnCount > 0 else { return [] }
        var widths = Array(repeating: 0, count: columnCount)
        for row in allRows {
            // Measured as shown: control characters as their placeholders.
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], Line(cell).width) }
        }
        for (column, cap) in maximumWidths.enumerated() where column < columnCount {
            if let cap { widths[column] = min(widths[column], max(cap, 1)) }
        }
        func line(_ cells: [String], style: Style) -> Line {
            var line = Line()
            for column in 0..<columnCount {
                let cell = Line(column < cells.count ? cells[column] : "", style: style)
                    .truncated(toWidth: widths[column])
                if column > 0 { line.append(separator) }
                line.append(column == columnCount - 1 ? cell : cell.padded(toWidth: widths[column]))
            }
            var trimmed = line
            while let last = trimmed.spans.last, last.text.hasSuffix(" ") {
                trimmed.spans[trimmed.spans.count - 1].text.removeLast()
                if trimmed.spans[trimmed.spans.count - 1].text.isEmpty { trimmed.spans.removeLast() }
            }
            return trimmed
        }
        var result: [Line] = []
        if let header {
            result.append(line(header, style: .bold))
            if let rule {
                result.append(line(widths.map { String(repeating: rule, count: $0) }, style: .plain))
            }
        }
        for row in rows { result.append(line(row, style: .plain)) }
        return result
    }
}
