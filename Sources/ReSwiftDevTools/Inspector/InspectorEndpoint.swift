import Foundation
@_spi(ReSwiftInternal) import ReSwift

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
/// The app never waits on an inspector, and no inspector waits on another. The dispatching thread
/// only captures the action, the states before and after, and the time, and hands them to a
/// bounded queue. Three serial queues do the rest, so that none holds up another:
/// - the *accept* queue takes new connections, checks the peer's user id and the cap, and
///   greets at once;
/// - the *I/O* queue reads commands (each line bounded, not the buffer) and answers them;
/// - the *encoding* queue diffs and encodes the captured actions, only for connections that
///   have room, and when it falls behind (the oldest action waiting was captured more than
///   ``Limits/encodingLag`` ago) drops the oldest, which each connection is told about as a gap.
///   After an action that took long to encode it rests as long, so a state that is slow to diff
///   costs at most about half a core, and only while it changes.
///
/// Each connection's output goes through its bounded buffer and a non-blocking socket.
// @unchecked Sendable: the mutable bookkeeping, the connections' output side included, is in
// `shared`, a `Locked`; a connection's input side is touched only on `ioQueue`; the other stored
// properties are immutable after `init`, except `listener`, which is set in `init` and cancelled
// in `deinit` only.
final class InspectorEndpoint: @unchecked Sendable {
    /// How much an inspector may fall behind before events are dropped, and how many may attach.
    struct Limits {
        /// Bytes waiting to be written to one connection.
        var bufferedBytes = 1 << 20
        /// Actions captured and not yet encoded.
        var pendingEvents = 1024
        /// Inspectors attached at once; one more is told so and closed.
        var connections = 16
        /// The longest command line an inspector may send; a longer one is answered with an
        /// error and skipped.
        var commandLineBytes = 64 << 10
        /// Seconds encoding may fall behind the app: actions waiting longer are dropped (and
        /// reported as a gap), all but the newest.
        var encodingLag = 2.0
    }

    /// What the endpoint's counters say, for tests.
    struct Statistics {
        var connections: Int
        var refused: Int
        var lost: UInt64
        var peakBufferedBytes: Int
        var peakPendingEvents: Int
        /// Actions diffed and encoded (once for every connection that took them).
        var encoded: Int
    }

    let app: String
    let socketPath: String
    let limits: Limits
    private let metadataPath: String
    private let currentState: () -> Any?
    private let dispatch: (Action) -> Void
    private let peerUserID: @Sendable (Int32) -> uid_t?
    private let supportsTimeTravel: Bool
    private let hello: Data
    private let acceptQueue = DispatchQueue(label: "ReSwiftDevTools.Inspector.accept")
    private let ioQueue = DispatchQueue(label: "ReSwiftDevTools.Inspector.io")
    private let encodingQueue = DispatchQueue(label: "ReSwiftDevTools.Inspector.encoding")
    private let shared = Locked(Shared())
    private var listener: DispatchSourceRead?

    /// The bookkeeping shared by dispatching threads and the endpoint's queues.
    private struct Shared {
        var connections: [Int: Connection] = [:]
        var nextConnectionID = 0
        var seq: UInt64 = 0
        var pending: [CapturedAction] = []
        /// Where `pending` starts: taken actions are only forgotten in batches.
        var pendingStart = 0
        var isDrainScheduled = false
        /// A descriptor held in reserve: closed to accept (and turn away) a connection when the
        /// process has none left, then opened again. `-1` while it couldn't be.
        var spareDescriptor: Int32 = -1
        var refused = 0
        var lost: UInt64 = 0
        var peakBufferedBytes = 0
        var peakPendingEvents = 0
        var encoded = 0

        var pendingCount: Int { pending.count - pendingStart }
    }

    /// Starts listening in the user's inspector folder.
    ///
    /// - Parameter peerUserID: How to learn the user id of a connection's peer (`SO_PEERCRED`,
    ///   `getpeereid`); tests replace it to play another user.
    init(
        app: String, stateType: String, supportsTimeTravel: Bool, environment: [String: String],
        limits: Limits = Limits(),
        peerUserID: @escaping @Sendable (Int32) -> uid_t? = UnixSocket.peerUserID(of:),
        currentState: @escaping () -> Any?, dispatch: @escaping (Action) -> Void
    ) throws(InspectorError) {
        self.app = InspectorDirectory.sanitized(app)
        self.supportsTimeTravel = supportsTimeTravel
        self.limits = limits
        self.peerUserID = peerUserID
        self.currentState = currentState
        self.dispatch = dispatch
        hello = InspectorProtocol.encode(
            HelloEvent(
                app: self.app, pid: getpid(), stateType: stateType, started: Date().timeIntervalSince1970,
                timeTravel: supportsTimeTravel))

        let directory = try InspectorDirectory.path(environment: environment)
        try InspectorDirectory.prepare(directory)
        InspectorDirectory.removeStaleFiles(in: directory)
        let claimed = InspectorSocketCleanup.claim(in: directory)
        socketPath = claimed.socket
        metadataPath = claimed.metadata
        let fd: Int32
        do throws(InspectorError) {
            fd = try UnixSocket.listen(at: socketPath)
            // Tools list a socket once its name is there: only once it listens.
            do throws(InspectorError) {
                try InspectorDirectory.writeName(self.app, to: metadataPath)
            } catch {
                closeDescriptor(fd)
                throw error
            }
        } catch {
            InspectorSocketCleanup.remove(claimed)
            throw error
        }
        shared.withLock { $0.spareDescriptor = openSpareDescriptor() }

        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
        source.setEventHandler { [weak self] in self?.acceptConnections(from: fd) }
        source.setCancelHandler { closeDescriptor(fd) }
        listener = source
        source.resume()
    }

    deinit {
        listener?.cancel()
        shared.withLock { shared in
            for connection in shared.connections.values { connection.close() }
            shared.connections.removeAll()
            if shared.spareDescriptor >= 0 { closeDescriptor(shared.spareDescriptor) }
            shared.spareDescriptor = -1
        }
        InspectorSocketCleanup.remove((socketPath, metadataPath))
    }

    var statistics: Statistics {
        shared.withLock {
            Statistics(
                connections: $0.connections.count, refused: $0.refused, lost: $0.lost,
                peakBufferedBytes: $0.peakBufferedBytes, peakPendingEvents: $0.peakPendingEvents,
                encoded: $0.encoded)
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

    /// Hands one handled action to the encoding queue, or counts it lost for every connection
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
                    || shared.pendingCount >= limits.pendingEvents
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
                    durationNs: durationNs, callSite: callSite, captured: DispatchTime.now().uptimeNanoseconds
                ))
            shared.peakPendingEvents = max(shared.peakPendingEvents, shared.pendingCount)
            guard !shared.isDrainScheduled else { return false }
            shared.isDrainScheduled = true
            return true
        }
        if shouldSchedule {
            encodingQueue.async { [weak self] in self?.drain() }
        }
    }

    // MARK: Encoding (on the encoding queue)

    /// Which connections take the next action, and in which forms.
    private struct Takers {
        var action: CapturedAction
        /// The connections with room for it when it was taken; the others counted it lost.
        var connections: Set<Int> = []
        var plain = false
        var withState = false
    }

    /// Encodes the waiting actions, newest kept when behind, until none wait or one took long;
    /// then rests as long as that one took before going on.
    private func drain() {
        while let next = takeNextAction() {
            let start = DispatchTime.now().uptimeNanoseconds
            var event = ActionEvent(next.action, includeState: next.withState)
            let withState = next.withState ? InspectorProtocol.encode(event) : nil
            event.state = nil
            let plain = next.plain ? InspectorProtocol.encode(event) : nil
            let seconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
            let limit = limits.bufferedBytes
            shared.withLock { shared in
                shared.encoded += 1
                for id in next.connections {
                    guard let connection = shared.connections[id] else { continue }
                    // `nil` when it turned states on or off since it was taken: lost to it.
                    guard let line = connection.wantsStates ? withState : plain else {
                        connection.lost += 1
                        shared.lost += 1
                        continue
                    }
                    if !connection.enqueue(event: line, limit: limit) { shared.lost += 1 }
                    shared.peakBufferedBytes = max(shared.peakBufferedBytes, connection.bufferedBytes)
                }
            }
            flushAll()
            if seconds > 0.02 {
                // Rest as long as that took: a state that is slow to diff costs half a core at most.
                encodingQueue.asyncAfter(deadline: .now() + seconds) { [weak self] in self?.drain() }
                return
            }
        }
    }

    /// Whether a connection takes the action numbered `seq`: it streams, and was there when the
    /// action happened.
    private func accepts(_ connection: Connection, _ seq: UInt64) -> Bool {
        !connection.isPaused && seq > connection.startSeq
    }

    /// The next action to encode and who takes it. Actions that waited longer than the lag
    /// allows are dropped first, all but the newest, and counted lost for each connection that
    /// would have taken them. Returns `nil`, and ends the drain, when none wait.
    private func takeNextAction() -> Takers? {
        let limits = self.limits
        let lag = UInt64(limits.encodingLag * 1e9)
        return shared.withLock { shared -> Takers? in
            // Read under the lock, so no action waiting was captured after it.
            let now = DispatchTime.now().uptimeNanoseconds
            while shared.pendingCount > 0 {
                while shared.pendingCount > 1, now &- shared.pending[shared.pendingStart].captured > lag {
                    let action = shared.pending[shared.pendingStart]
                    for connection in shared.connections.values where accepts(connection, action.seq) {
                        connection.lost += 1
                        shared.lost += 1
                    }
                    shared.pendingStart += 1
                }
                let action = shared.pending[shared.pendingStart]
                shared.pendingStart += 1
                if shared.pendingStart == shared.pending.count || shared.pendingStart >= 256 {
                    shared.pending.removeFirst(shared.pendingStart)
                    shared.pendingStart = 0
                }
                var takers = Takers(action: action)
                for connection in shared.connections.values where accepts(connection, action.seq) {
                    if connection.bufferedBytes >= limits.bufferedBytes {
                        connection.lost += 1
                        shared.lost += 1
                    } else {
                        takers.connections.insert(connection.id)
                        if connection.wantsStates { takers.withState = true } else { takers.plain = true }
                    }
                }
                if !takers.connections.isEmpty { return takers }
            }
            shared.isDrainScheduled = false
            return nil
        }
    }

    private func flushAll() {
        shared.withLock { shared in
            for connection in shared.connections.values where !connection.flush() {
                shared.connections[connection.id] = nil
                connection.close()
            }
        }
    }

    // MARK: Connections (on the accept queue)

    private func acceptConnections(from listener: Int32) {
        while true {
            switch UnixSocket.accept(from: listener) {
            case .accepted(let fd):
                admit(fd)
            case .none:
                return
            case .failed(let code) where code == EMFILE || code == ENFILE:
                guard turnAwayWithTheSpareDescriptor(from: listener) else {
                    backOff()
                    return
                }
            case .failed:
                return
            }
        }
    }

    /// Checks who is calling and whether there is room, then greets the connection.
    private func admit(_ fd: Int32) {
        guard peerUserID(fd) == geteuid() else {
            // Counted before the close, so that whoever sees the close sees the count.
            shared.withLock { $0.refused += 1 }
            closeDescriptor(fd)
            return
        }
        let limits = self.limits
        let admitted = shared.withLock { shared -> Bool in
            guard shared.connections.count < limits.connections else {
                shared.refused += 1
                return false
            }
            let id = shared.nextConnectionID
            shared.nextConnectionID += 1
            let connection = Connection(
                id: id, fd: fd, queue: ioQueue, lineLimit: limits.commandLineBytes,
                onReadable: { [weak self] in self?.read(connection: id) },
                onWritable: { [weak self] in self?.flushAll() })
            connection.startSeq = shared.seq
            connection.enqueue(control: hello, limit: limits.bufferedBytes)
            shared.connections[id] = connection
            connection.start()
            if !connection.flush() {
                shared.connections[id] = nil
                connection.close()
            }
            return true
        }
        guard admitted else {
            let message = """
                \(limits.connections) inspectors are attached to this app already, the most it takes; \
                close one and try again.
                """
            turnAway(fd, saying: message)
            return
        }
    }

    /// When the process has no descriptor left: frees the spare one, takes the waiting
    /// connection with it, tells it why and closes it, then takes the spare again. Returns
    /// `false` when there was no spare or no connection to take.
    private func turnAwayWithTheSpareDescriptor(from listener: Int32) -> Bool {
        let spare = shared.withLock { shared in
            defer { shared.spareDescriptor = -1 }
            return shared.spareDescriptor
        }
        guard spare >= 0 else { return false }
        closeDescriptor(spare)
        let taken: Bool
        if case .accepted(let fd) = UnixSocket.accept(from: listener) {
            shared.withLock { $0.refused += 1 }
            turnAway(
                fd,
                saying: "The app has no file descriptor left for another inspector; close one and try again.")
            taken = true
        } else {
            taken = false
        }
        let reopened = openSpareDescriptor()
        shared.withLock { $0.spareDescriptor = reopened }
        return taken
    }

    /// Without a spare descriptor, stops accepting for a moment instead of spinning on a
    /// listener that stays readable.
    private func backOff() {
        guard let listener else { return }
        listener.suspend()
        let source = SuspendedSource(source: listener)
        acceptQueue.asyncAfter(deadline: .now() + 0.1) { [weak self] in
            source.source.resume()
            if let self {
                let spare = self.openSpareDescriptor()
                self.shared.withLock { shared in
                    if shared.spareDescriptor < 0 {
                        shared.spareDescriptor = spare
                    } else if spare >= 0 {
                        closeDescriptor(spare)
                    }
                }
            }
        }
    }

    /// Sends a connection one error line, if its socket takes it now, and closes it.
    private func turnAway(_ fd: Int32, saying message: String) {
        let line = InspectorProtocol.encode(NoticeEvent(type: "error", message: message))
        _ = line.withUnsafeBytes { UnixSocket.send(fd, $0) }
        closeDescriptor(fd)
    }

    private func openSpareDescriptor() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    // MARK: Commands (on the I/O queue)

    private func read(connection id: Int) {
        guard let connection = shared.withLock({ $0.connections[id] }) else { return }
        let received = connection.receive()
        var state: Data?
        for piece in received.pieces {
            switch piece {
            case .line(let line):
                handle(line, from: connection, state: &state)
            case .tooLong:
                reply(
                    NoticeEvent(
                        type: "error",
                        message:
                            "A command line was longer than \(limits.commandLineBytes >> 10) KiB; it was ignored."
                    ),
                    to: connection)
            }
        }
        if received.isEnd {
            shared.withLock { shared in
                shared.connections[id] = nil
                connection.close()
            }
            return
        }
        flushAll()
    }

    /// Answers one command; `state` holds the encoded state once a command of this batch asked
    /// for it, so a burst of requests encodes it once.
    private func handle(_ line: Data, from connection: Connection, state: inout Data?) {
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
            let line = state ?? encodedState()
            state = line
            shared.withLock { _ in _ = connection.enqueue(control: line, limit: limits.bufferedBytes) }
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
            if let history = currentState() as? any TimeTravelInspectable, index < history.inspectedOldestStep
            {
                reply(
                    NoticeEvent(
                        type: "error",
                        message: """
                            The state after that action is no longer in the app's history: it keeps the \
                            latest \(history.inspectedStepCount) (timeTravelReducer's historyLimit). Jump to \
                            a newer action.
                            """),
                    to: connection)
                return
            }
            // Dispatched off the inspector's queues, so the store's work never holds them up.
            let dispatch = StoreDispatch(function: self.dispatch)
            DispatchQueue.global().async { dispatch.function(JumpToStep(number: index)) }
        default:
            reply(
                NoticeEvent(
                    type: "error",
                    message:
                        "Unknown command \"\(command.command)\"; use pause, resume, state, states or jump."),
                to: connection)
        }
    }

    /// The app's state now, as a `state` event; an error instead when it is larger than a line
    /// may be.
    private func encodedState() -> Data {
        let seq = shared.withLock { $0.seq }
        let state = currentState()
        let history = state as? any TimeTravelInspectable
        let line = InspectorProtocol.encode(
            StateEvent(
                seq: seq, state: history?.inspectedPresent ?? state,
                historyIndex: history?.inspectedHistoryIndex))
        guard line.count <= InspectorProtocol.maximumLineLength else {
            return InspectorProtocol.encode(
                NoticeEvent(
                    type: "error",
                    message: """
                        The state is \(line.count >> 20) MiB as JSON, more than the \
                        \(InspectorProtocol.maximumLineLength >> 20) MiB a line may hold, so it can't be sent.
                        """))
        }
        return line
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

/// The listener while it is suspended, for the block that resumes it.
// @unchecked Sendable: a dispatch source may be resumed from any thread; the block that holds
// this is the only one that resumes the suspension it stands for.
private struct SuspendedSource: @unchecked Sendable {
    let source: DispatchSourceRead
}

/// A `TimeTravelState` as the inspector sees it: the inspector offers jumps, shows the present
/// state rather than the whole history, and tells where in the history each action left the app.
protocol TimeTravelInspectable {
    /// The step number a jump back to this moment takes (`currentStepNumber`): stable when a
    /// bounded history drops older steps, unlike `currentIndex`.
    var inspectedHistoryIndex: Int { get }
    /// The number of the oldest step kept (`firstStepNumber`).
    var inspectedOldestStep: Int { get }
    /// How many steps the history keeps now.
    var inspectedStepCount: Int { get }
    /// The state the app shows now (`current`).
    var inspectedPresent: Any { get }
    /// The type of the app's state (`State`), which the hello names: the inspector shows and
    /// `gen-test` writes the present state, not the history around it.
    static var inspectedPresentType: Any.Type { get }
}

extension TimeTravelState: TimeTravelInspectable {
    var inspectedHistoryIndex: Int { currentStepNumber }
    var inspectedOldestStep: Int { firstStepNumber }
    var inspectedStepCount: Int { steps.count }
    var inspectedPresent: Any { current }
    static var inspectedPresentType: Any.Type { State.self }
}

private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
