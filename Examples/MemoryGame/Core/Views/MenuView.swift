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
        for item in MenuState.Item.allCases {
            let label: String
            switch item {
            case .newGame: label = "New Game"
            case .chooseCategory: label = "Choose Category (\(state.category.name))"
            case .quit: label = "Quit"
            }
            if item == state.menu.highlighted {
                lines.append(Line([Span(" > "), Span(label, style: Theme.highlight)]))
            } else {
                lines.append(Line("   " + label))
            }
        }
        lines.append(Line())
        lines.append(Line(" ↑/↓ move · Enter choose · q quit", style: Theme.hint))
        return lines.map { $0.truncated(toWidth: size.columns) }
    }
}
