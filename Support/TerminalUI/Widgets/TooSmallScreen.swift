/// The screen to show instead of an app's own when the terminal is smaller than it needs.
public enum TooSmallScreen {
    /// Lines saying the terminal is too small, how big it needs to be and how big it is, centered
    /// in `actual` (cut to fit when even they don't).
    public static func lines(needed: TerminalSize, actual: TerminalSize) -> [Line] {
        let message: [Line] = [
            Line("Terminal too small", style: .bold),
            Line("needs \(needed.columns)×\(needed.rows), is \(actual.columns)×\(actual.rows)"),
            Line("Enlarge the window or press q to quit", style: .dim),
        ]
        let top = max((actual.rows - message.count) / 2, 0)
        var lines = Array(repeating: Line(), count: top)
        for line in message.prefix(max(actual.rows, 0)) {
            lines.append(line.centered(inWidth: actual.columns))
        }
        return lines
    }
}
