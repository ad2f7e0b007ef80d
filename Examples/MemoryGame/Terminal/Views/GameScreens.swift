import Foundation
import MemoryGameModel
import ReSwift
import TerminalUI

/// The app's terminal side: shows the screen the router asks for, subscribes that screen to its
/// slice only, draws it, and turns keys into intents. Everything runs on the event loop's thread;
/// store subscribers (called on whichever thread dispatched) hop there with `loop.post`.
@MainActor
final class GameScreens: ScreenPresenter {
    private let store: GameStore
    private let loop: EventLoop
    private let renderer: Renderer
    private let dispatcher: IntentDispatcher
    private var size: TerminalSize
    private var spinner = Spinner.dots

    private var screen: Screen?
    /// A problem to show on the bottom row (the settings file couldn't be read or written).
    private var notice: String?
    private var menu: MenuViewState?
    private var categories: CategoriesState?
    private var game: GameState?
    /// The shown screen's subscription to its slice; replaced when the screen changes.
    private var subscription: SubscriptionToken?

    init(
        store: GameStore, loop: EventLoop, renderer: Renderer, dispatcher: IntentDispatcher,
        size: TerminalSize
    ) {
        self.store = store
        self.loop = loop
        self.renderer = renderer
        self.dispatcher = dispatcher
        self.size = size
    }

    nonisolated func present(_ screen: Screen, completion: @escaping @Sendable () -> Void) {
        loop.post {
            self.show(screen)
            completion()
        }
    }

    /// Handles one event from the loop; returns `false` when the app should end.
    func handle(_ event: TerminalEvent) -> Bool {
        switch event {
        case .key(let key):
            guard let screen else { return !key.isInterrupt }
            let game = store.state.game
            let fits = screen != .game || GameView.fits(game, size: size)
            let intent = KeyBindings.intent(for: key, on: screen, game: game, screenFits: fits)
            if let intent, dispatcher.handle(intent) == .quit { return false }
        case .resize(let newSize):
            size = newSize
        case .tick:
            guard case .loading = game?.phase else { return true }
            spinner.advance()
        }
        draw()
        return true
    }

    /// Draws the shown screen from the slice it last received.
    func draw() {
        let lines: [Line]
        switch screen {
        case .menu: lines = menu.map { MenuView.lines($0, size: size) } ?? []
        case .categories: lines = categories.map { CategoriesView.lines($0, size: size) } ?? []
        case .game: lines = game.map { GameView.lines($0, size: size, spinner: spinner) } ?? []
        case nil: lines = []
        }
        renderer.render(NoticeArea.lines(lines, notice: notice, size: size), size: size)
    }

    /// Shows `notice` on the bottom row until the app ends.
    func show(notice: String) {
        self.notice = notice
        draw()
    }

    private func show(_ screen: Screen) {
        subscription = nil
        self.screen = screen
        let loop = self.loop
        switch screen {
        case .menu:
            subscription = store.subscribe(select: MenuViewState.of) { [weak self] menu in
                loop.post {
                    self?.menu = menu
                    self?.draw()
                }
            }
        case .categories:
            subscription = store.subscribe(select: \.categories) { [weak self] categories in
                loop.post {
                    self?.categories = categories
                    self?.draw()
                }
            }
        case .game:
            subscription = store.subscribe(select: \.game) { [weak self] game in
                loop.post {
                    self?.game = game
                    self?.draw()
                }
            }
        }
        draw()
    }
}
