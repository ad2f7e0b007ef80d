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

    private let store: Store<AppState>
    private let environment: GameEnvironment
    /// The running card fetch; a new game or leaving the game cancels it.
    private(set) var currentFetch: Task<Void, Never>?

    /// Creates a dispatcher.
    ///
    /// - Parameters:
    ///   - store: The app's store, with the thunk middleware.
    ///   - environment: What the thunks need.
    public init(store: Store<AppState>, environment: GameEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// The screen the route in the store shows.
    public var screen: Screen? { Screen(route: store.state.navigationState.route) }

    /// Performs an intent on the current screen.
    ///
    /// - Parameter intent: What the player asked for.
    /// - Returns: Whether to keep running.
    @discardableResult
    public func handle(_ intent: UserIntent) -> Outcome {
        let state = store.state!
        switch (screen, intent) {
        case (_, .quit):
            currentFetch?.cancel()
            return .quit
        case (.menu, .moveHighlight(let offset)):
            store.dispatch(MoveMenuHighlightAction(by: offset))
        case (.menu, .choose):
            switch state.menu.highlighted {
            case .newGame:
                store.dispatch(SetRouteAction(Routes.gameRoute))
                startGame(preference: .live)
            case .chooseCategory:
                store.dispatch(SetRouteAction(Routes.categoriesRoute))
            case .quit:
                currentFetch?.cancel()
                return .quit
            }
        case (.categories, .moveHighlight(let offset)):
            store.dispatch(MoveCategoryHighlightAction(by: offset))
        case (.categories, .choose):
            store.dispatch(ChangeCategoryAction(category: state.categories.highlighted))
            store.dispatch(SetRouteAction(Routes.menuRoute))
        case (.game, .moveCursor(let direction)):
            store.dispatch(MoveCursorAction(direction))
        case (.game, .flip):
            store.dispatch(flipCard(at: state.game.cursor, environment: environment))
        case (.game, .newGame), (.game, .retry):
            startGame(preference: .live)
        case (.game, .playOffline):
            startGame(preference: .offline)
        case (.game, .back):
            currentFetch?.cancel()
            store.dispatch(SetRouteAction(Routes.menuRoute))
        case (.categories, .back):
            store.dispatch(SetRouteAction(Routes.menuRoute))
        default:
            break
        }
        return .handled
    }

    /// Deals a new game in the current category, cancelling a fetch still running.
    ///
    /// - Parameter preference: Which source to ask first.
    public func startGame(preference: GameEffects.SourcePreference) {
        currentFetch?.cancel()
        let thunk = fetchCards(
            for: store.state.categories.current, preference: preference, environment: environment)
        let store = self.store
        // Detached: the event loop keeps the main thread in poll(), so a task inheriting the main
        // actor would not start until the app ends. The thunk's actions reach the screen via post.
        currentFetch = Task.detached {
            do {
                try await store.dispatch(thunk)
            } catch {
                // Only cancellation ends the fetch early; failures became FetchTunesFailedAction.
            }
        }
    }
}
