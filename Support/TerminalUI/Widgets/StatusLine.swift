/// A status line: text on the left and the right of one reversed row.
public enum StatusLine {
    /// A row of `width` columns with `left` at the start and `right` at the end, in reverse video.
    /// When both don't fit, `right` is kept and `left` truncated.
    public static func line(left: String, right: String = "", width: Int, style: Style = .reverse) -> Line {
        guard width > 0 else { return Line() }
        let rightText = Line(right).truncated(toWidth: width).plainText
        let room = width - rightText.displayWidth - (rightText.isEmpty ? 0 : 1)
        let leftText = room > 0 ? Line(left).truncated(toWidth: room).plainText : ""
        let gap = width - leftText.displayWidth - rightText.displayWidth
        return Line(leftText + String(repeating: " ", count: max(gap, 0)) + rightText, style: style)
    }
}
