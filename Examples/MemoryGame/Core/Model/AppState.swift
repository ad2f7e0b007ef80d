import ReSwift
import ReSwiftRouter

/// The whole app's state: the route and one slice per screen, each with its own reducer (see
/// ``makeAppReducer()``).
public struct AppState: StateType, HasNavigationState {
    /// The route the screens follow (`["menu"]`, `["menu", "categories"]`, `["menu", "game"]`),
    /// driven by ReSwiftRouter.
    public var navigationState: NavigationState
    /// The menu screen's slice.
    public var menu: MenuState
    /// The categories screen's slice, holding the current (persisted) category.
    public var categories: CategoriesState
    /// The game screen's slice.
    public var game: GameState

    /// Creates an app state.
    ///
    /// - Parameters:
    ///   - navigationState: The route; empty until the app sets the first one.
    ///   - menu: The menu slice.
    ///   - categories: The categories slice; build it from the saved category at launch.
    ///   - game: The game slice.
    public init(
        navigationState: NavigationState = NavigationState(), menu: MenuState = MenuState(),
        categories: CategoriesState = CategoriesState(),
        game: GameState = GameState()
    ) {
        self.navigationState = navigationState
        self.menu = menu
        self.categories = categories
        self.game = game
    }
}

/// Builds the app's reducer: each slice reduced by its own reducer, combined with the core's
/// `combineReducers(initialState:_:)`. Build it once and hand it to the store:
///
/// ```swift
/// let store = Store<AppState>(reducer: makeAppReducer(), state: AppState())
/// ```
///
/// - Returns: The reducer for ``AppState``.
public func makeAppReducer() -> Reducer<AppState> {
    combineReducers(
        initialState: AppState(),
        .slice(\.navigationState, NavigationReducer.handleAction),
        .slice(\.menu, menuReducer),
        .slice(\.categories, categoriesReducer),
        .slice(\.game, gameReducer)
    )
}
