import Foundation
import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's side of the inspector: a Unix domain socket that streams the store's actions to
/// every connected inspector of the same user.
///
/// The app never waits on an inspector. The dispatching thread only captures the action, the
/// states before and after, and the time, and hands them to a bounded queue; a background queue
/// encodes them and writes them to each connection's bounded buffer through a non-blocking
/// socket. An event that doesn't fit is counted and reported to that connection as a gap.
// @unchecked Sendable: the mutable bookkeeping is in `shared`, a `Locked`; the other stored
// properties are immutable after `init`, except `listener`, which is set in `init` and cancelled
// in `deinit` only.
final class InspectorEndpoint: @unchecked Sendable {
    /// How much an inspector may fall behind before events are dropped.
    struct Limits {
        /// Bytes waiting to be written to one connection.
        var bufferedBytes = 1 << 20
        /// Actions captured and not yet encoded.
        var pendingEvents = 1024
    }

    /// What the endpoint's counters say, for tests.
    struct Statistics {
        var connections: Int
        var refused: Int
        var lost: UInt64
        var peakBufferedBytes: Int
        var peakPendingEvents: Int
    }

    let app: String
    let socketPath: String
    let limits: Limits
    private let stateType: String
    private let started: Double
    private let supportsTimeTravel: Bool
    private let currentState: () -> Any?
    private let dispatch: (Action) -> Void
    private let queue = DispatchQueue(label: "ReSwiftDevTools.Inspector")
    private let shared = Locked(Shared())
    private var listener: DispatchSourceRead?

    /// The bookkeeping shared by dispatching threads and the inspector's queue.
    private struct Shared {
        var connections: [Int: Connection] = [:]
        var nextConnectionID = 0
        var seq: UInt64 = 0
        var pending: [CapturedAction] = []
        var isDrainScheduled = false
        var refused = 0
        var lost: UInt64 = 0
        var peakBufferedBytes = 0
        var peakPendingEvents = 0
    }

    /// Starts listening in the user's inspector folder.
    init(
        app: String, stateType: String, supportsTimeTravel: Bool, environment: [String: String],
        limits: Limits = Limits(), currentState: @escaping () -> Any?, dispatch: @escaping (Action) -> Void
    ) throws(InspectorError) {
        self.app = InspectorDirectory.sanitized(app)
        self.stateType = stateType
        self.supportsTimeTravel = supportsTimeTravel
        self.limits = limits
        self.currentState = currentState
        self.dispatch = dispatch
        self.started = Date().timeIntervalSince1970

        let directory = InspectorDirectory.path(environment: environment)
        try InspectorDirectory.prepare(directory)
        InspectorDirectory.removeStaleSockets(in: directory)
        socketPath = InspectorSocketCleanup.claim(in: directory, app: self.app)
        let fd: Int32
        do {
            fd = try UnixSocket.listen(at: socketPath)
        } catch {
            InspectorSocketCleanup.remove(socketPath)
            throw error
        }

        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptConnections(from: fd) }
        source.setCancelHandler { close(fd) }
        listener = source
        source.resume()
    }

    deinit {
        listener?.cancel()
        let connections = shared.withLock { shared in
            defer { shared.connections.removeAll() }
            return Array(shared.connections.values)
        }
        for connection in connections { connection.close() }
        InspectorSocketCleanup.remove(socketPath)
    }

    var statistics: Statistics {
        shared.withLock {
            Statistics(
                connections: $0.connections.count, refused: $0.refused, lost: $0.lost,
                peakBufferedBytes: $0.peakBufferedBytes, peakPendingEvents: $0.peakPendingEvents)
        }
    }

    // MARK: Capturing actions (on the dispatching thread)

    /// Whether any connection would take an action event now; when none would, the action is
    /// only counted, so sequence numbers count every action.
    func isStreamingElseCount() -> Bool {
        shared.withLock { shared in
            if shared.connections.values.contains(where: { !$0.isPaused }) { return true }
            shared.seq += 1
            return false
        }
    }

    /// Hands one handled action to the background queue, or counts it lost for every connection
    /// that can't take it. Never blocks on a connection.
    func capture(
        _ action: Action, before: Any?, after: Any?, time: Double, durationNs: UInt64,
        callSite: String? = nil
    ) {
        let limits = self.limits
        let shouldSchedule = shared.withLock { shared -> Bool in
            shared.seq += 1
            var takers = 0
            for connection in shared.connections.values where !connection.isPaused {
                if connection.bufferedBytes >= limits.bufferedBytes
                    || shared.pending.count >= limits.pendingEvents
                {
                    connection.lost += 1
                    shared.lost += 1
                } else {
                    takers += 1
                }
            }
            guard takers > 0 else { return false }
            shared.pending.append(
                CapturedAction(
                    seq: shared.seq, action: action, before: before, after: after, time: time,
                    durationNs: durationNs, callSite: callSite))
            shared.peakPendingEvents = max(shared.peakPendingEvents, shared.pending.count)
            defer { shared.isDrainScheduled = true }
            return !shared.isDrainScheduled
        }
        if shouldSchedule {
            queue.async { [weak self] in self?.drain() }
        }
    }

    // MARK: Writing (on the queue)

    private func drain() {
        let (events, needsPlain, needsStates) = shared.withLock { shared in
            defer {
                shared.pending.removeAll(keepingCapacity: true)
                shared.isDrainScheduled = false
            }
            let streaming = shared.connections.values.filter { !$0.isPaused }
            return (
                shared.pending, streaming.contains { !$0.wantsStates }, streaming.contains { $0.wantsStates }
            )
        }
        for event in events {
            let plain = needsPlain ? InspectorProtocol.encode(ActionEvent(event, includeState: false)) : nil
            let full = needsStates ? InspectorProtocol.encode(ActionEvent(event, includeState: true)) : nil
            let limit = limits.bufferedBytes
            shared.withLock { shared in
                for connection in shared.connections.values where !connection.isPaused {
                    guard let line = connection.wantsStates ? full : plain else { continue }
                    if !connection.enqueue(event: line, limit: limit) {
                        shared.lost += 1
                    }
                    shared.peakBufferedBytes = max(shared.peakBufferedBytes, connection.bufferedBytes)
                }
            }
        }
        flushAll()
    }

    private func flushAll() {
        let closed = shared.withLock { shared -> [Connection] in
            let closed = shared.connections.values.filter { !$0.flush() }
            for connection in closed { shared.connections[connection.id] = nil }
            return closed
        }
        for connection in closed { connection.close() }
    }

    // MARK: Connections (on the queue)

    private func acceptConnections(from listener: Int32) {
        while let fd = UnixSocket.accept(from: listener) {
            guard UnixSocket.peerUserID(of: fd) == geteuid() else {
                close(fd)
                shared.withLock { $0.refused += 1 }
                continue
            }
            let id = shared.withLock { shared in
                defer { shared.nextConnectionID += 1 }
                return shared.nextConnectionID
            }
            let connection = Connection(id: id, fd: fd, queue: queue)
            connection.onReadable = { [weak self, weak connection] in
                guard let self, let connection else { return }
                self.read(from: connection)
            }
            connection.onWritable = { [weak self] in self?.flushAll() }
            let hello = HelloEvent(
                app: app, pid: getpid(), stateType: stateType, started: started,
                timeTravel: supportsTimeTravel)
            shared.withLock { shared in
                connection.enqueue(control: InspectorProtocol.encode(hello), limit: limits.bufferedBytes)
                shared.connections[id] = connection
            }
            connection.start()
        }
        flushAll()
    }

    private func read(from connection: Connection) {
        guard let lines = connection.receiveLines() else {
            shared.withLock { _ = $0.connections.removeValue(forKey: connection.id) }
            connection.close()
            return
        }
        for line in lines {
            handle(line, from: connection)
        }
        flushAll()
    }

    private func handle(_ line: Data, from connection: Connection) {
        guard let command = try? JSONDecoder().decode(InspectorCommand.self, from: line) else {
            reply(
                NoticeEvent(type: "error", message: "Not a command: expected {\"command\":…}"), to: connection
            )
            return
        }
        switch command.command {
        case "pause":
            shared.withLock { _ in connection.isPaused = true }
            reply(NoticeEvent(type: "paused"), to: connection)
        case "resume":
            shared.withLock { _ in connection.isPaused = false }
            reply(NoticeEvent(type: "resumed"), to: connection)
        case "states":
            let on = command.on ?? true
            shared.withLock { _ in connection.wantsStates = on }
            reply(NoticeEvent(type: "states", on: on), to: connection)
        case "state":
            let seq = shared.withLock { $0.seq }
            let state = currentState()
            let history = state as? any TimeTravelInspectable
            reply(
                StateEvent(
                    seq: seq, state: history?.inspectedPresent ?? state,
                    historyIndex: history?.inspectedHistoryIndex),
                to: connection)
        case "jump":
            guard supportsTimeTravel else {
                reply(
                    NoticeEvent(
                        type: "error",
                        message: "This app's reducer isn't wrapped in timeTravelReducer, so it can't jump."),
                    to: connection)
                return
            }
            guard let index = command.index, index >= 0 else {
                reply(
                    NoticeEvent(type: "error", message: "jump needs an index of 0 or more."), to: connection)
                return
            }
            // Dispatched off the inspector's queue, so the store's work never holds it up.
            let dispatch = StoreDispatch(function: self.dispatch)
            DispatchQueue.global().async { dispatch.function(JumpToState(index: index)) }
        default:
            reply(
                NoticeEvent(
                    type: "error",
                    message:
                        "Unknown command \"\(command.command)\"; use pause, resume, state, states or jump."),
                to: connection)
        }
    }

    private func reply<Event: Encodable>(_ event: Event, to connection: Connection) {
        let line = InspectorProtocol.encode(event)
        shared.withLock { _ in _ = connection.enqueue(control: line, limit: limits.bufferedBytes) }
    }
}

/// A store's dispatch function, which the store's contract lets any thread call.
// @unchecked Sendable: `Store.dispatch` may be called from any thread (ReSwift's *The Store's Contract*).
private struct StoreDispatch: @unchecked Sendable {
    let function: (Action) -> Void
}

/// A `TimeTravelState` as the inspector sees it: the inspector offers jumps, shows the present
/// state rather than the whole history, and tells where in the history each action left the app.
protocol TimeTravelInspectable {
    /// The index a jump back to this moment takes (`currentIndex`).
    var inspectedHistoryIndex: Int { get }
    /// The state the app shows now (`current`).
    var inspectedPresent: Any { get }
}

extension TimeTravelState: TimeTravelInspectable {
    var inspectedHistoryIndex: Int { currentIndex }
    var inspectedPresent: Any { current }
}
