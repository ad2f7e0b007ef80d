import MemoryGameModel
import ReSwift
import ReSwiftRouter
import ReSwiftThunk

/// Turns the player's intents into actions, navigation and thunks on the store. Lives on the
/// main actor with the event loop that delivers the keys.
@MainActor
public final class IntentDispatcher {
    /// What the app should do after an intent.
    public enum Outcome: Equatable, Sendable {
        /// Keep running.
        case handled
        /// Leave the app.
        case quit
    }

    private let store: GameStore
    private let environment: GameEnvironment

    /// Creates a dispatcher.
    ///
    /// - Parameters:
    ///   - store: The app's store, with the thunk middleware.
    ///   - environment: What the thunks need.
    public init(store: GameStore, environment: GameEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Creates a dispatcher on `store` itself.
    ///
    /// - Parameters:
    ///   - store: The app's store, with the thunk middleware.
    ///   - environment: What the thunks need.
    public convenience init(store: Store<AppState>, environment: GameEnvironment) {
        self.init(store: GameStore(store), environment: environment)
    }

    /// The screen the route in the store shows.
    public var screen: Screen? { Screen(route: store.state.navigationState.route) }

    /// Performs an intent on the current screen.
    ///
    /// - Parameter intent: What the player asked for.
    /// - Returns: Whether to keep running.
    @discardableResult
    public func handle(_ intent: UserIntent) -> Outcome {
        let state = store.state
        switch (screen, intent) {
        case (_, .quit):
            return .quit
        case (.menu, .moveHighlight(let offset)):
            dispatch(MoveMenuHighlightAction(by: offset))
        case (.menu, .choose):
            switch state.menu.highlighted {
            case .newGame:
                dispatch(SetRouteAction(Routes.gameRoute))
                startGame(preference: .live)
            case .chooseCategory:
                dispatch(SetRouteAction(Routes.categoriesRoute))
            case .quit:
                return .quit
            }
        case (.categories, .moveHighlight(let offset)):
            dispatch(MoveCategoryHighlightAction(by: offset))
        case (.categories, .choose):
            dispatch(ChangeCategoryAction(category: state.categories.highlighted))
            dispatch(SetRouteAction(Routes.menuRoute))
        case (.game, .moveCursor(let direction)):
            dispatch(MoveCursorAction(direction))
        case (.game, .flip):
            dispatch(flipCard(at: state.game.cursor, environment: environment))
        case (.game, .newGame), (.game, .retry), (.game, .confirmNewBoard):
            startGame(preference: .live)
        case (.game, .askForNewBoard):
            dispatch(AskForNewBoardAction())
        case (.game, .keepBoard):
            dispatch(KeepBoardAction())
        case (.game, .playOffline):
            startGame(preference: .offline)
        case (.game, .back):
            dispatch(CancelFetchAction())
            dispatch(SetRouteAction(Routes.menuRoute))
        case (.categories, .back):
            dispatch(SetRouteAction(Routes.menuRoute))
        default:
            break
        }
        return .handled
    }

    /// Deals a new game in the current category; a fetch still running is superseded, and its
    /// result ignored (see MemoryGameModel's `fetchCards(for:preference:environment:)`).
    ///
    /// - Parameter preference: Which source to ask first.
    public func startGame(preference: GameEffects.SourcePreference) {
        dispatch(
            fetchCards(for: store.state.categories.current, preference: preference, environment: environment))
    }

    /// Dispatches `action` with the line that asked for it as its call site, so that the
    /// store's instrumentation, the logging middleware and the inspector can say which intent
    /// sent it.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - file: The dispatching file; leave the default.
    ///   - line: The dispatching line; leave the default.
    private func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        store.dispatch(action, file: file, line: line)
    }
}
