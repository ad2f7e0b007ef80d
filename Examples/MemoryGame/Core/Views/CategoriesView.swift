/// Renders the categories screen.
public enum CategoriesView {
    /// The categories screen's lines: every category, a check mark on the current one.
    ///
    /// - Parameters:
    ///   - state: The categories slice.
    ///   - width: The terminal's width in columns.
    /// - Returns: The screen's lines, top to bottom.
    public static func render(_ state: CategoriesState, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = [
            StyledLine(" Choose a category", .title),
            StyledLine(
                TextFitting.truncate(
                    " New games deal albums from it; it is kept for next time.", width: width), .dim),
            .blank,
        ]
        for category in MusicCategory.allCases {
            let mark = category == state.current ? "✓ " : "  "
            if category == state.highlighted {
                lines.append(StyledLine([StyledSpan(" > " + mark), StyledSpan(category.name, .highlight)]))
            } else {
                lines.append(StyledLine("   " + mark + category.name))
            }
        }
        lines.append(.blank)
        lines.append(
            StyledLine(
                TextFitting.truncate(" ↑/↓ move · Enter choose · Esc back · q quit", width: width), .dim))
        return lines
    }
}
