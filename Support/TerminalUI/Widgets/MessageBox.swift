/// A framed message centered on the screen, for confirmations, errors and "you won".
public enum MessageBox {
    /// Draws a box with `title` in its top border and `message` lines inside, centered over
    /// `background` in a screen of `size`.
    ///
    /// - Parameters:
    ///   - title: Shown in the top border; may be empty.
    ///   - message: The lines inside the box, each centered.
    ///   - background: The screen's lines under the box; rows outside the box are kept.
    ///   - size: The screen's size.
    /// - Returns: The screen's lines with the box on top.
    public static func overlay(
        title: String, message: [Line], on background: [Line] = [], size: TerminalSize
    ) -> [Line] {
        let innerWidth = min(
            max(message.map(\.width).max() ?? 0, Line(title).width + 2) + 2, max(size.columns - 2, 0))
        let boxWidth = innerWidth + 2
        let boxHeight = min(message.count + 2, size.rows)
        guard innerWidth > 0, boxHeight >= 2 else { return background }
        let box = Box.lines(
            message.prefix(boxHeight - 2).map { $0.centered(inWidth: innerWidth) }, width: boxWidth,
            title: title,
            style: .bold)

        let top = max((size.rows - box.count) / 2, 0)
        let left = max((size.columns - boxWidth) / 2, 0)
        var lines = background
        while lines.count < top + box.count { lines.append(Line()) }
        for (offset, boxLine) in box.enumerated() {
            let row = top + offset
            let under = lines[row].padded(toWidth: left)
            lines[row] =
                under.prefix(columns: left, fill: true) + boxLine + under.suffix(fromColumn: left + boxWidth)
        }
        return lines
    }
}
