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
    ///   - width: The terminal's width in columns.
    /// - Returns: The screen's lines, top to bottom.
    public static func render(_ state: MenuViewState, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = [
            StyledLine(" Memory Tunes", .title),
            StyledLine(
                TextFitting.truncate(" Find the pairs of albums in as few misses as you can.", width: width),
                .dim),
            .blank,
        ]
        for item in MenuState.Item.allCases {
            let label: String
            switch item {
            case .newGame: label = "New Game"
            case .chooseCategory: label = "Choose Category (\(state.category.name))"
            case .quit: label = "Quit"
            }
            if item == state.menu.highlighted {
                lines.append(StyledLine([StyledSpan(" > "), StyledSpan(label, .highlight)]))
            } else {
                lines.append(StyledLine("   " + label))
            }
        }
        lines.append(.blank)
        lines.append(
            StyledLine(TextFitting.truncate(" ↑/↓ move · Enter choose · q quit", width: width), .dim))
        return lines
    }
}
