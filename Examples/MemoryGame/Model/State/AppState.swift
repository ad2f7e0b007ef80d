import ReSwift
import ReSwiftQuery
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
    /// The albums fetched per category (``AlbumQuery``).
    public var albums: QueryState<MusicCategory, [Album]>

    /// Creates an app state.
    ///
    /// - Parameters:
    ///   - navigationState: The route; empty until the app sets the first one.
    ///   - menu: The menu slice.
    ///   - categories: The categories slice; build it from the saved category at launch.
    ///   - game: The game slice.
    ///   - albums: The albums fetched so far (restored from the cache at launch).
    public init(
        navigationState: NavigationState = NavigationState(), menu: MenuState = MenuState(),
        categories: CategoriesState = CategoriesState(),
        game: GameState = GameState(), albums: QueryState<MusicCategory, [Album]> = QueryState()
    ) {
        self.navigationState = navigationState
        self.menu = menu
        self.categories = categories
        self.game = game
        self.albums = albums
    }
}

/// Builds the app's reducer in ReSwift's classic form, `(Action, AppState?) -> AppState`: the
/// in-place reducer (``makeInPlaceAppReducer()``) run on a copy of the state. Build it once and
/// hand it to the store:
///
/// ```swift
/// let store = Store<AppState>(reducer: makeAppReducer(), state: AppState())
/// ```
///
/// - Returns: The reducer for ``AppState``.
public func makeAppReducer() -> Reducer<AppState> {
    let reduce = makeInPlaceAppReducer()
    return { action, state in
        var state = state ?? AppState()
        reduce(action, &state)
        return state
    }
}

/// The app's reducer in place, what the app's store uses: each slice is changed where it is
/// (`combineReducers(.slice(…))` with in-place slices), so turning a card changes that card and
/// nothing else is copied.
///
/// ```swift
/// let store = Store(reducer: makeInPlaceAppReducer(), state: AppState())
/// ```
///
/// - Returns: The in-place reducer for ``AppState``.
public func makeInPlaceAppReducer() -> MutatingReducer<AppState> {
    combineReducers(
        .slice(\.navigationState) { action, state in
            state = NavigationReducer.handleAction(action, state: state)
        },
        .slice(\.menu) { action, state in state = menuReducer(action: action, state: state) },
        .slice(\.categories) { action, state in state = categoriesReducer(action: action, state: state) },
        .slice(\.game, reduceGame),
        .slice(\.albums, AlbumQuery.declaration.reduce)
    )
}
