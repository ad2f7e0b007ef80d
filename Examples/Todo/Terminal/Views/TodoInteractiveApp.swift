import Foundation
@_spi(ReSwiftInternal) import ReSwift
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
    /// The newest state a subscriber saw that the screen hasn't taken yet; only the first of a
    /// run of states posts to the loop, so a thousand dispatches are one redraw.
    private let newestState = Locked<TodoAppState?>(nil)
    /// Whether the screen is out of date; the loop draws when it has handled what came in.
    private var needsDraw = true

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
        let app = TodoInteractiveApp(session: session, store: store)
        let (interrupted, signal) = await app.run()
        session.restore()
        // SIGTERM, SIGINT or SIGHUP came as an event of the loop, after the key being handled (so
        // a save in progress finished: what the screen showed is saved). Every change is saved
        // as it is made, so nothing is left to flush: end by the signal, as without the app.
        if let signal { EventLoop.end(by: signal) }
        return interrupted
    }

    private func run() async -> (interrupted: Bool, signal: Int32?) {
        // Subscribers run on whichever thread dispatched; the loop's `post` brings the state to
        // the main actor, where drawing happens, once for however many states came meanwhile.
        subscription = store.subscribe { [loop, newestState] newState in
            let isFirst = newestState.withLock { newest in
                defer { newest = newState }
                return newest == nil
            }
            guard isFirst else { return }
            loop.post { [weak self] in self?.takeNewestState() }
        }
        defer { subscription?.cancel() }
        var interrupted = false
        loop.takeTerminationSignals()
        // All the keys of one read are handled before the screen is drawn, once: a paste is one
        // redraw, however many keys it came as.
        let reason = await loop.runBatches { events in
            var keys: [Key] = []
            for event in events {
                switch event {
                case .key(let key):
                    keys.append(key)
                case .resize(let newSize):
                    size = newSize
                    needsDraw = true
                case .tick:
                    break
                }
            }
            guard !keys.isEmpty else { return }
            view.pageSize = max(TodoScreenView.listHeight(state: state, size: size), 1)
            if view.handle(keys) == .quit {
                interrupted = keys.contains(where: \.isInterrupt)
                loop.stop()
            }
        } whenIdle: {
            if needsDraw { draw() }
        }
        if case .signal(let signal) = reason { return (interrupted, signal) }
        return (interrupted, nil)
    }

    private func takeNewestState() {
        guard
            let newState = newestState.withLock({ newest in
                defer { newest = nil }
                return newest
            })
        else {
            return
        }
        state = newState
        needsDraw = true
    }

    private func draw() {
        needsDraw = false
        view.pageSize = max(TodoScreenView.listHeight(state: state, size: size), 1)
        renderer.render(TodoScreenView.lines(state: state, size: size), size: size)
    }
}
