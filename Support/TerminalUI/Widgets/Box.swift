/// A block of lines inside a border, and blocks laid out side by side: the pieces of card grids
/// and panels.
///
/// ```swift
/// let card = Box.lines([Line("Abbey Road"), Line("Beatles", style: .dim)], width: 14,
///                      style: .color(.cyan))
/// let row = Box.sideBySide([card, card, card], spacing: 1)   // three cards in a row
/// ```
public enum Box {
    /// `content` inside a border `width` columns wide (content lines are truncated and padded to
    /// `width - 2`), with `title` in the top edge.
    ///
    /// - Parameters:
    ///   - content: The lines inside; the box is `content.count + 2` lines high.
    ///   - width: The box's outer width, at least 2.
    ///   - title: Shown in the top edge when there is room; may be empty.
    ///   - style: The border's style (for example a colour, or reverse for a cursor).
    public static func lines(_ content: [Line], width: Int, title: String = "", style: Style = .plain)
        -> [Line]
    {
        let inner = max(width - 2, 0)
        let titleText = title.isEmpty ? "" : Line(" " + title + " ").truncated(toWidth: inner).plainText
        var lines = [
            Line(
                "┌" + titleText + String(repeating: "─", count: inner - titleText.displayWidth) + "┐",
                style: style)
        ]
        for line in content {
            lines.append(Line("│", style: style) + line.fitted(toWidth: inner) + Line("│", style: style))
        }
        lines.append(Line("└" + String(repeating: "─", count: inner) + "┘", style: style))
        return lines
    }

    /// Blocks of lines placed next to each other, `spacing` columns apart, top-aligned: each block
    /// is padded to its widest line, and shorter blocks get blank lines at the bottom.
    public static func sideBySide(_ blocks: [[Line]], spacing: Int = 1) -> [Line] {
        let height = blocks.map(\.count).max() ?? 0
        let widths = blocks.map { block in block.map(\.width).max() ?? 0 }
        let gap = Line(String(repeating: " ", count: max(spacing, 0)))
        return (0..<height).map { row in
            var line = Line()
            for (index, block) in blocks.enumerated() {
                if index > 0 { line.append(gap) }
                let cell = row < block.count ? block[row] : Line()
                line.append(index == blocks.count - 1 ? cell : cell.padded(toWidth: widths[index]))
            }
            return line
        }
    }
}
