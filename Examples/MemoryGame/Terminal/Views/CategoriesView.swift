import MemoryGameModel
import TerminalUI

/// Renders the categories screen.
public enum CategoriesView {
    /// The categories screen's lines: every category, a check mark on the current one.
    ///
    /// - Parameters:
    ///   - state: The categories slice.
    ///   - size: The terminal's size.
    /// - Returns: The screen's lines, top to bottom.
    public static func lines(_ state: CategoriesState, size: TerminalSize) -> [Line] {
        var lines: [Line] = [
            Line(" Choose a category", style: Theme.title),
            Line(" New games deal albums from it; it is kept for next time.", style: Theme.hint),
            Line(),
        ]
        let items = MusicCategory.allCases.map { category in
            Line((category == state.current ? "✓ " : "  ") + category.name)
        }
        lines += ListView.lines(
            items: items, selection: MusicCategory.allCases.firstIndex(of: state.highlighted),
            width: min(MenuView.listWidth, max(size.columns - 1, 0)), height: items.count
        ).map { Line(" ") + $0 }
        lines.append(Line())
        lines.append(Line(" ↑/↓ move · Enter choose · Esc back · q quit", style: Theme.hint))
        return lines.map { $0.truncated(toWidth: size.columns) }
    }
}
