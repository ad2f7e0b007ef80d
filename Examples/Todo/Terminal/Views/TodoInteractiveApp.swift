import Foundation
import ReSwift
import TerminalUI
import TodoModel

/// The interactive list: takes over the terminal, draws the store's state, and hands each key to
/// ``TodoListView``. The terminal is put back as it was however the app ends.
@MainActor
final class TodoInteractiveApp {
    private let store: TodoScreenStore
    private let view: TodoListView
    private let renderer: Renderer
    private let loop: EventLoop
    private var state: TodoAppState
    private var size: TerminalSize
    private var subscription: SubscriptionToken?

    private init(session: TerminalSession, store: TodoScreenStore) {
        self.store = store
        self.view = TodoListView(store: store)
        self.renderer = Renderer(
            session: session, colorSupport: .detect(environment: ProcessInfo.processInfo.environment))
        self.loop = EventLoop(session: session)
        self.state = store.state()
        self.size = session.size
    }

    /// Runs the interactive list until the user quits or the terminal goes away.
    ///
    /// Changes other `todo` processes make to the file come in through the store (see
    /// ``TodoFileWatcher/refreshing(every:)``), like every other change.
    ///
    /// - Parameter store: The store to show and dispatch to.
    /// - Throws: `TerminalError` when the terminal can't be taken over.
    /// - Returns: Whether the user quit with Ctrl-C (the program then exits 130).
    @discardableResult
    static func run(store: TodoScreenStore) async throws -> Bool {
        let session = try TerminalSession.start()
        defer { session.restore() }
        let app = TodoInteractiveApp(session: session, store: store)
        return await app.run()
    }

    private func run() async -> Bool {
        // Subscribers run on whichever thread dispatched; the loop's `post` brings the state to
        // the main actor, where drawing happens.
        subscription = store.subscribe { [loop] newState in
            loop.post { [weak self] in
                self?.state = newState
                self?.draw()
            }
        }
        defer { subscription?.cancel() }
        draw()
        var interrupted = false
        await loop.run { event in
            // A changed state arrives through the subscription, which draws it.
            switch event {
            case .key(let key):
                if view.handle(key) == .quit {
                    interrupted = key.isInterrupt
                    loop.stop()
                }
            case .resize(let newSize):
                size = newSize
                draw()
            case .tick:
                break
            }
        }
        return interrupted
    }

    private func draw() {
        view.pageSize = max(TodoScreenView.listHeight(state: state, size: size), 1)
        renderer.render(TodoScreenView.lines(state: state, size: size), size: size)
    }
}
