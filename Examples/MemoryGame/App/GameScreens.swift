import Foundation
import MemoryGameCore
import ReSwift
import TerminalUI

/// The app's terminal side: shows the screen the router asks for, subscribes that screen to its
/// slice only, draws it, and turns keys into intents. Everything runs on the event loop's thread;
/// store subscribers (called on whichever thread dispatched) hop there with `loop.post`.
@MainActor
final class GameScreens: ScreenPresenter {
    private let store: Store<AppState>
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
        store: Store<AppState>, loop: EventLoop, renderer: Renderer, dispatcher: IntentDispatcher,
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
            let intent = KeyBindings.intent(for: key, on: screen, game: store.state.game)
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
        renderer.render(withNotice(lines), size: size)
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
            subscription = store.subscribe(transform: { $0.select(MenuViewState.of) }) { [weak self] menu in
                loop.post {
                    self?.menu = menu
                    self?.draw()
                }
            }
        case .categories:
            subscription = store.subscribe(transform: { $0.select(\.categories) }) { [weak self] categories in
                loop.post {
                    self?.categories = categories
                    self?.draw()
                }
            }
        case .game:
            subscription = store.subscribe(transform: { $0.select(\.game) }) { [weak self] game in
                loop.post {
                    self?.game = game
                    self?.draw()
                }
            }
        }
        draw()
    }

    /// The screen's lines with the notice, word-wrapped, on the bottom rows (at most three).
    private func withNotice(_ lines: [Line]) -> [Line] {
        guard let notice, size.rows > 4 else { return lines }
        // Measured as shown: a path in the notice may hold control characters (see TerminalText).
        let noticeLines = Array(Self.wrap(notice.terminalSafe, width: max(size.columns - 2, 10)).prefix(3))
        let available = size.rows - noticeLines.count
        var result = Array(lines.prefix(available))
        result += Array(repeating: Line(), count: available - result.count)
        result += noticeLines.map { Line(" " + $0, style: Theme.error).truncated(toWidth: size.columns) }
        return result
    }

    /// `text` broken into lines of at most `width` columns, at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
