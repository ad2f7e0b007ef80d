/// A scrolling list with one selected row, drawn into a fixed number of rows.
///
/// The view is a pure function of the items, the selection and the height, so it needs no
/// scrolling state: the selected row is kept in view, in the middle when the list is longer than
/// the space, and the selected row is drawn reversed with a `›` marker (visible without colours).
///
/// ```swift
/// let rows = ListView.lines(items: todos.map { Line($0.title) }, selection: selected,
///                           width: size.columns, height: size.rows - 2)
/// ```
public enum ListView {
    /// The index of the first visible item when `selection` must be visible among `count` items
    /// in `height` rows.
    public static func firstVisibleIndex(count: Int, selection: Int?, height: Int) -> Int {
        guard height > 0, count > height, let selection else { return 0 }
        let centered = selection - height / 2
        return min(max(centered, 0), count - height)
    }

    /// The rows of the list: exactly `height` lines of `width` columns (blank rows below the
    /// items), with the selected item reversed and marked.
    ///
    /// - Parameters:
    ///   - items: One line per item; each is truncated to fit.
    ///   - selection: The selected item's index, or `nil` for none.
    ///   - width: The columns available.
    ///   - height: The rows available.
    ///   - emptyText: What to show when there are no items.
    public static func lines(
        items: [Line], selection: Int?, width: Int, height: Int, emptyText: String = "(empty)"
    ) -> [Line] {
        guard height > 0 else { return [] }
        guard !items.isEmpty else {
            return [Line(emptyText, style: .dim).truncated(toWidth: width)]
                + Array(repeating: Line(), count: height - 1)
        }
        let first = firstVisibleIndex(count: items.count, selection: selection, height: height)
        var lines: [Line] = []
        for index in first..<min(first + height, items.count) {
            if index == selection {
                let body = (Line("› ") + items[index]).fitted(toWidth: width)
                lines.append(
                    Line(
                        body.spans.map { span in
                            var style = span.style
                            style.reverse = true
                            return Span(span.text, style: style)
                        }))
            } else {
                lines.append((Line("  ") + items[index]).truncated(toWidth: width))
            }
        }
        lines += Array(repeating: Line(), count: height - lines.count)
        return lines
    }
}
