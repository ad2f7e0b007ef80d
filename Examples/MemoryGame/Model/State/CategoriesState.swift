/// The categories screen's slice of the app state: the current category (persisted) and the
/// highlighted row.
public struct CategoriesState: Equatable, Sendable {
    /// The category new games are dealt from; saved, so the next launch starts with it.
    public var current: MusicCategory
    /// The row under the cursor on the categories screen.
    public var highlighted: MusicCategory

    /// Creates a categories state; the highlight starts on the current category.
    public init(current: MusicCategory = .defaultCategory, highlighted: MusicCategory? = nil) {
        self.current = current
        self.highlighted = highlighted ?? current
    }
}
