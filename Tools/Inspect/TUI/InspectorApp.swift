import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import TerminalUI

/// `reswift-inspect <pid|app>`: the interactive inspector. Takes over the terminal, reads the
/// app's events on a background thread, and draws the store's state after each batch of events
/// and each key. The terminal is put back however it ends.
@MainActor
final class InspectorApp {
    private let store: Store<InspectorViewState>
    private let renderer: Renderer
    private let loop: EventLoop
    private var size: TerminalSize

    private init(session: TerminalSession, connection: InspectorConnection, environment: [String: String]) {
        store = Store(
            reducer: inspectorViewReducer, state: InspectorViewState(),
            middleware: [inspectorCommandMiddleware(send: connection.send)])
        renderer = Renderer(session: session, colorSupport: .detect(environment: environment))
        loop = EventLoop(session: session)
        size = session.size
    }

    /// Attaches to the app on `socketPath` and runs until the user quits.
    ///
    /// - Returns: The exit status: 0 after q, 130 after Ctrl-C, 1 when the terminal can't be used.
    static func run(socketPath: String, environment: [String: String]) async throws -> Int32 {
        guard TerminalSession.isInteractive() else {
            throw InspectError(
                description:
                    "The inspector needs a terminal; for a pipe or a file use \"reswift-inspect tail\" (--format jsonl for scripts)."
            )
        }
        let client = try InspectorClient(socketPath: socketPath)
        let session = try TerminalSession.start()
        defer { session.restore() }
        let connection = InspectorConnection(client: client)
        let app = InspectorApp(session: session, connection: connection, environment: environment)
        return await app.run(connection)
    }

    private func run(_ connection: InspectorConnection) async -> Int32 {
        let loop = self.loop
        connection.startReading { [weak self] in
            loop.post { self?.receive(connection.takeBatch()) }
        }
        draw()
        var status: Int32 = 0
        await loop.run { event in
            switch event {
            case .key(let key):
                switch InspectorKeys.outcome(for: key, in: store.state) {
                case .quit(let code):
                    status = code
                    loop.stop()
                case .action(let action):
                    store.dispatch(action)
                case .ignore:
                    break
                }
            case .resize(let newSize):
                size = newSize
            case .tick:
                break
            }
            draw()
        }
        return status
    }

    private func receive(_ batch: InspectorConnection.Batch) {
        if !batch.events.isEmpty || batch.droppedLocally > 0 {
            store.dispatch(EventsReceived(events: batch.events, droppedLocally: batch.droppedLocally))
        }
        if batch.ended { store.dispatch(ConnectionEnded()) }
        draw()
    }

    private func draw() {
        renderer.render(InspectorScreenView.lines(state: store.state, size: size), size: size)
    }
}

/// The connection to the app: a reader thread that decodes its lines into batches, and commands
/// sent from the main actor.
///
/// The reader keeps at most ``pendingLimit`` events waiting for the screen; beyond that it drops
/// them and counts them, so a screen that falls behind never makes the reader (or the app) wait.
// @unchecked Sendable: `client.nextLine()` is called only by the reader thread and `client.send`
// only from the main actor; they use the socket's two directions and share no other state. The
// batch waiting for the screen is guarded by `lock`. The socket is never closed while the reader
// runs: it closes when the process exits.
final class InspectorConnection: @unchecked Sendable {
    struct Batch: Sendable {
        var events: [IncomingEvent] = []
        var droppedLocally: UInt64 = 0
        var ended = false
    }

    static let pendingLimit = 10_000

    private let client: InspectorClient
    /// The events waiting for the screen, and whether the screen was asked to take them.
    private let pending = Locked((batch: Batch(), isDeliveryScheduled: false))

    init(client: InspectorClient) {
        self.client = client
    }

    /// Sends one command; returns the problem's text when the app is gone.
    func send(_ command: String) -> String? {
        do {
            try client.send(command)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Starts the reader thread; it calls `scheduleDelivery` when events arrive and none are
    /// waiting yet, and the screen then takes them all with ``takeBatch()``.
    func startReading(scheduleDelivery: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            while true {
                let line: Data?
                do {
                    line = try client.nextLine()
                } catch {
                    line = nil
                }
                guard let line else {
                    enqueue(nil, scheduleDelivery: scheduleDelivery)
                    return
                }
                if let event = IncomingEvent.decode(line) {
                    enqueue(event, scheduleDelivery: scheduleDelivery)
                }
            }
        }
    }

    /// What arrived since the last call.
    func takeBatch() -> Batch {
        pending.withLock { pending in
            let batch = pending.batch
            pending = (Batch(), false)
            return batch
        }
    }

    private func enqueue(_ event: IncomingEvent?, scheduleDelivery: @Sendable () -> Void) {
        let schedule = pending.withLock { pending in
            if let event {
                if pending.batch.events.count < Self.pendingLimit {
                    pending.batch.events.append(event)
                } else {
                    pending.batch.droppedLocally += 1
                }
            } else {
                pending.batch.ended = true
            }
            let schedule = !pending.isDeliveryScheduled
            pending.isDeliveryScheduled = true
            return schedule
        }
        if schedule { scheduleDelivery() }
    }
}
