import Foundation
import LibraryFinderModel
import ReSwift
import TerminalUI

/// The interactive app: the store's states drawn on a terminal, keys turned into actions.
///
/// Store subscribers run on whichever thread dispatched (the load's task, for answers), so the
/// subscription only posts each new state to the event loop; all drawing happens on the loop.
@MainActor
final class InteractiveSession {
    private let store: Store<LibraryFinderState>
    private let reload: @MainActor () -> Void
    private let session: TerminalSession
    private let loop: EventLoop
    private let renderer: Renderer
    private var state: LibraryFinderState
    private var spinner = Spinner.dots

    /// Creates the session's loop and renderer.
    ///
    /// - Parameters:
    ///   - store: The store to show and dispatch to.
    ///   - reload: Starts loading the state's query (the load thunk); called once at the start
    ///     and for each `r` while nothing is loading.
    ///   - session: The terminal, in raw mode.
    ///   - environment: For the colour support (`NO_COLOR`, `TERM`).
    init(
        store: Store<LibraryFinderState>, reload: @escaping @MainActor () -> Void, session: TerminalSession,
        environment: [String: String]
    ) {
        self.store = store
        self.reload = reload
        self.session = session
        self.loop = EventLoop(session: session, tickInterval: 0.1)
        self.renderer = Renderer(session: session, colorSupport: .detect(environment: environment))
        self.state = store.state
    }

    /// Loads the list and handles keys until the user quits or the terminal goes away.
    ///
    /// - Returns: Whether the user quit with Ctrl-C (the program then exits 130).
    @discardableResult
    func run() async -> Bool {
        let subscription = Self.forwardStates(of: store, to: loop, session: self)
        defer { subscription.cancel() }
        // Leaving the screen: a book search still polling stops.
        defer { store.dispatch(BookSearches.leave as Action, file: #fileID, line: #line) }
        reload()
        draw()
        var interrupted = false
        await loop.run { event in
            switch event {
            case .key(let key):
                if handle(key) == .quit { interrupted = key.isInterrupt }
            case .resize:
                renderer.invalidate()
            case .tick:
                guard state.isLoading || state.status == .idle || state.books.running != nil else { return }
                spinner.advance()
            }
            draw()
        }
        return interrupted
    }

    private func handle(_ key: Key) -> KeyCommand {
        let pageSize = LibraryFinderScreen.listHeight(for: state, size: session.size)
        let command = LibraryFinderKeys.command(for: key, in: state, pageSize: pageSize)
        switch command {
        case .list(let action):
            // The new state comes back through the subscription, posted before the next event.
            // With this line as its call site, the inspector and a log tell a key's action apart
            // from the ones thunks dispatch.
            store.dispatch(action, file: #fileID, line: #line)
        case .reload:
            reload()
        case .bookPrompt(let action):
            store.dispatch(action, file: #fileID, line: #line)
        case .checkBook(let text):
            // The search is a query: it reports through the state, and Esc cancels it.
            store.dispatch(BookSearches.ask(text) as Action, file: #fileID, line: #line)
        case .stopBookSearch:
            store.dispatch(BookSearches.stop as Action, file: #fileID, line: #line)
        case .quit:
            loop.stop()
        case .ignore:
            break
        }
        return command
    }

    /// Subscribes so that each new state is posted to the loop: subscribers run on the thread
    /// that dispatched, and only the loop's thread draws.
    private nonisolated static func forwardStates(
        of store: Store<LibraryFinderState>, to loop: EventLoop, session: InteractiveSession
    ) -> SubscriptionToken {
        store.subscribe { @Sendable [weak session] (state: LibraryFinderState) in
            loop.post { session?.show(state) }
        }
    }

    private func show(_ newState: LibraryFinderState) {
        state = newState
        draw()
    }

    private func draw() {
        let size = session.size
        renderer.render(
            LibraryFinderScreen.lines(for: state, size: size, spinnerFrame: spinner.frame), size: size)
    }
}
