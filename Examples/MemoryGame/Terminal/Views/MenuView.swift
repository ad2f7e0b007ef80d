import MemoryGameModel
import TerminalUI

/// What the menu screen shows: its slice and the current category's name.
public struct MenuViewState: Equatable, Sendable {
    /// The menu slice.
    public var menu: MenuState
    /// The category new games are dealt from.
    public var category: MusicCategory

    /// Creates the menu's view state.
    public init(menu: MenuState, category: MusicCategory) {
        self.menu = menu
        self.category = category
    }

    /// Selects the menu's view state from the app state.
    public static func of(_ state: AppState) -> MenuViewState {
        MenuViewState(menu: state.menu, category: state.categories.current)
    }
}

/// Renders the menu screen.
public enum MenuView {
    /// Columns of the highlighted row's bar.
    static let listWidth = 36

    /// The menu's lines.
    ///
    /// - Parameters:
    ///   - state: What the menu shows.
    ///   - size: The terminal's size.
    /// - Returns: The screen's lines, top to bottom.
    public static func lines(_ state: MenuViewState, size: TerminalSize) -> [Line] {
        var lines: [Line] = [
            Line(" Memory Tunes", style: Theme.title),
            Line(" Find the pairs of albums in as few misses as you can.", style: Theme.hint),
            Line(),
        ]
        let items = MenuState.Item.allCases.map { item -> Line in
            switch item {
            case .newGame: return Line("New Game")
            case .chooseCategory: return Line("Choose Category (\(state.category.name))")
            case .quit: return Line("Quit")
            }
        }
        let selection = MenuState.Item.allCases.firstIndex(of: state.menu.highlighted)
        lines += ListView.lines(
            items: items, selection: selection, width: min(listWidth, max(size.columns - 1, 0)),
            height: items.count
        ).map { Line(" ") + $0 }
        lines.append(Line())
        lines.append(Line(" ↑/↓ move · Enter choose · q quit", style: Theme.hint))
        return lines.map { $0.truncated(toWidth: size.columns) }
    }
}
