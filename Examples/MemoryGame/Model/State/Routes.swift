import ReSwiftRouter

/// The app's routes. The menu is the root; the categories and the game sit below it.
public enum Routes {
    /// The menu's segment.
    public static let menu: RouteElement = "menu"
    /// The categories screen's segment.
    public static let categories: RouteElement = "categories"
    /// The game screen's segment.
    public static let game: RouteElement = "game"

    /// The menu: `["menu"]`.
    public static let menuRoute: Route = [menu]
    /// The categories screen: `["menu", "categories"]`.
    public static let categoriesRoute: Route = [menu, categories]
    /// The game: `["menu", "game"]`.
    public static let gameRoute: Route = [menu, game]
}
