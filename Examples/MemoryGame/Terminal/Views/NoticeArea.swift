import TerminalUI

/// A problem shown on the bottom rows of every screen until the app ends (the settings file
/// couldn't be read or written), word-wrapped so its advice isn't cut off.
public enum NoticeArea {
    /// `lines` with `notice` wrapped onto the bottom rows: as many as it needs, up to a third of the
    /// screen (at least three); a notice longer than that ends in `…`.
    ///
    /// - Parameters:
    ///   - lines: The screen's lines.
    ///   - notice: The problem to show, or `nil`.
    ///   - size: The terminal's size.
    /// - Returns: The lines to draw.
    public static func lines(_ lines: [Line], notice: String?, size: TerminalSize) -> [Line] {
        guard let notice, size.rows > 4 else { return lines }
        let maximum = min(max(3, size.rows / 3), size.rows - 1)
        // Measured as shown: a path in the notice may hold control characters (see TerminalText).
        let noticeLines = wrap(notice.terminalSafe, width: max(size.columns - 2, 10), maxLines: maximum)
        let available = size.rows - noticeLines.count
        var result = Array(lines.prefix(available))
        result += Array(repeating: Line(), count: available - result.count)
        result += noticeLines.map { Line(" " + $0, style: Theme.error).truncated(toWidth: size.columns) }
        return result
    }

    /// `text` broken into at most `maxLines` lines of at most `width` columns, at spaces; the last
    /// line ends in `…` when text is left over.
    static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = Line(kept[maxLines - 1] + " …").truncated(toWidth: width).plainText
        return kept
    }
}
