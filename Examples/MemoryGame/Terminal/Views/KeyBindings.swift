import MemoryGameModel
import ReSwiftRouter
import TerminalUI

/// What the player asked for with a key, before it becomes actions.
public enum UserIntent: Equatable, Sendable {
    /// Move the menu's or the category list's highlight by this many rows.
    case moveHighlight(Int)
    /// Move the game's cursor.
    case moveCursor(GameRules.Direction)
    /// Choose the highlighted menu entry or category.
    case choose
    /// Turn the card under the cursor.
    case flip
    /// Deal a new game (after a win).
    case newGame
    /// Fetch again from the iTunes Search API (after a failure, or after a win on the offline
    /// catalog that stood in for the service).
    case retry
    /// Ask before dealing a new board over the one being played (`r` on the stand-in catalog).
    case askForNewBoard
    /// Yes, deal a new board from the service (the answer to ``askForNewBoard``).
    case confirmNewBoard
    /// No, keep playing this board.
    case keepBoard
    /// Deal from the offline catalog (after a failure).
    case playOffline
    /// Go back one screen.
    case back
    /// Leave the app.
    case quit
}

/// The app's screens, one per route segment below the root.
public enum Screen: Equatable, Sendable {
    /// The menu (`["menu"]`).
    case menu
    /// The category list (`["menu", "categories"]`).
    case categories
    /// The game (`["menu", "game"]`).
    case game

    /// The screen a route shows, `nil` for a route the app doesn't have.
    ///
    /// - Parameter route: A route.
    /// - Returns: Its screen.
    public init?(route: Route) {
        switch route {
        case Routes.menuRoute: self = .menu
        case Routes.categoriesRoute: self = .categories
        case Routes.gameRoute: self = .game
        default: return nil
        }
    }
}

/// Maps keys to intents, per screen. Pure, so every binding is tested without a terminal.
public enum KeyBindings {
    /// The intent of `key` on `screen`.
    ///
    /// Everywhere: q and Ctrl-C quit; Esc and Backspace go back. Lists: ↑/↓ or k/j move, Enter or
    /// Space chooses. Game: arrows or h/j/k/l move, Enter or Space turns a card; after a win Enter
    /// deals a new game; after a failure r retries and o plays the offline catalog; while playing
    /// the offline catalog in place of the live service, r asks whether to deal a new board from
    /// the service (y yes, n or Esc no), and after a win on it r tries the service again.
    ///
    /// While the screen is too small to show what it should (it says "Terminal too small"), only
    /// q and Ctrl-C act.
    ///
    /// - Parameters:
    ///   - key: The key pressed.
    ///   - screen: The screen shown.
    ///   - game: The game slice (which keys mean what depends on the round's phase).
    ///   - screenFits: Whether the terminal is big enough for the screen's content.
    /// - Returns: The intent, or `nil` when the key means nothing there.
    public static func intent(
        for key: Key, on screen: Screen, game: GameState, screenFits: Bool = true
    ) -> UserIntent? {
        switch key {
        case .character("q"), .ctrl("c"): return .quit
        case _ where !screenFits: return nil
        case .escape where screen == .game && game.confirmingNewBoard: return .keepBoard
        case .escape, .backspace: return screen == .menu ? nil : .back
        default: break
        }
        switch screen {
        case .menu, .categories:
            switch key {
            case .up, .character("k"): return .moveHighlight(-1)
            case .down, .character("j"): return .moveHighlight(1)
            case .enter, .character(" "): return .choose
            default: return nil
            }
        case .game:
            return gameIntent(for: key, game: game)
        }
    }

    private static func gameIntent(for key: Key, game: GameState) -> UserIntent? {
        switch game.phase {
        case .idle:
            return key == .enter ? .newGame : nil
        case .loading:
            return nil
        case .failed:
            switch key {
            case .character("r"), .enter: return .retry
            case .character("o"): return .playOffline
            default: return nil
            }
        case .won:
            switch key {
            case .enter: return .newGame
            case .character("r"):
                if game.origin.canRetry { return .retry }
                return nil
            default: return nil
            }
        case .playing where game.confirmingNewBoard:
            switch key {
            case .character("y"): return .confirmNewBoard
            case .character("n"): return .keepBoard
            default: return nil
            }
        case .playing:
            switch key {
            case .left, .character("h"): return .moveCursor(.left)
            case .right, .character("l"): return .moveCursor(.right)
            case .up, .character("k"): return .moveCursor(.up)
            case .down, .character("j"): return .moveCursor(.down)
            case .enter, .character(" "): return .flip
            case .character("r"):
                if game.origin.canRetry { return .askForNewBoard }
                return nil
            default: return nil
            }
        }
    }
}
