/// The menu screen's slice of the app state.
public struct MenuState: Equatable, Sendable {
    /// The menu's entries, top to bottom.
    public enum Item: CaseIterable, Equatable, Sendable {
        /// Deal a new game in the current category.
        case newGame
        /// Open the category list.
        case chooseCategory
        /// Leave the app.
        case quit
    }

    /// The highlighted entry.
    public var highlighted: Item

    /// Creates a menu state with the first entry highlighted unless told otherwise.
    public init(highlighted: Item = .newGame) {
        self.highlighted = highlighted
    }
}
