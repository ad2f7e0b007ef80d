/// What the game remembers between launches: the chosen category. Saved by a `StatePersister`
/// watching the categories slice, never from a reducer.
public struct Settings: Codable, Equatable, Sendable {
    /// The category new games are dealt from.
    public var category: MusicCategory

    /// Creates settings.
    ///
    /// - Parameter category: The chosen category.
    public init(category: MusicCategory) {
        self.category = category
    }

    /// The settings to save for a state.
    ///
    /// - Parameter state: The app state.
    /// - Returns: Its settings.
    public static func of(_ state: AppState) -> Settings {
        Settings(category: state.categories.current)
    }
}
