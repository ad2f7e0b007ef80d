import Dispatch
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The main-actor loop of a terminal app: waits for keys, resizes, ticks and posted work, and
/// hands them to the app one at a time.
///
/// Run it on the main actor (an app's top-level code is). The waiting itself happens off the
/// main thread: while ``run(_:)`` waits for input it is suspended, so the main actor and the main
/// queue stay free, and a `Task { @MainActor in … }` or a `DispatchQueue.main.async` block in the
/// app runs between events as it would in any other program. Other threads — store subscribers
/// run on whichever thread dispatched — can also get onto the loop with ``post(_:)``, which wakes
/// it through a pipe and runs the work before the next event. ``stop()`` ends ``run(_:)`` from
/// anywhere.
///
/// Ctrl-Z suspends the app while a ``TerminalSession`` is active (see
/// ``TerminalSession/suspend()``); when it continues, the loop reports a
/// ``TerminalEvent/resize(_:)`` so the app draws again.
///
/// ```swift
/// let loop = EventLoop(input: session.inputFD, resizeFrom: session.outputFD, tickInterval: 0.1)
/// await loop.run { event in
///     switch event {
///     case .key(.character("q")), .key(.ctrl("c")): loop.stop()
///     case .key(let key): store.dispatch(KeyPressed(key))
///     case .resize, .tick: break
///     }
///     redraw()
/// }
/// ```
///
/// For tests, `input` can be any readable descriptor, such as a pipe's read end.
@MainActor
public final class EventLoop {
    /// Why ``run(_:)`` returned.
    public enum EndReason: Hashable, Sendable {
        /// ``stop()`` was called.
        case stopped
        /// The input reached end-of-file or failed (the terminal went away).
        case inputClosed
        /// SIGINT, SIGTERM or SIGHUP arrived, taken as an event (see
        /// ``takeTerminationSignals()``); end the process with ``end(by:)`` once the app has
        /// flushed and restored the terminal.
        case signal(Int32)
    }

    /// How often ``TerminalEvent/tick`` is delivered, in seconds; `nil` for no ticks.
    /// Changing it takes effect at the next wait.
    public var tickInterval: Double? {
        didSet { nextTick = nil }
    }

    /// How long a lone Esc waits for the rest of an escape sequence before it counts as Esc.
    public var escapeTimeout: Double

    /// How long a bracketed paste whose end marker hasn't come waits for more bytes before it
    /// ends with what came (a terminal cut off mid-paste must not leave the app taking every key
    /// after it as pasted text).
    public var pasteTimeout: Double = 1

    private let inputFD: Int32
    private let resizeFD: Int32?
    private let mailbox: Mailbox
    /// Where `poll` blocks, so the main thread doesn't.
    private let waiter = DispatchQueue(label: "TerminalUI.EventLoop.wait")
    private var decoder = KeyDecoder()
    /// Events read and not yet handed out: those from `firstUndelivered` on (an index, so that
    /// handing out the thousands of keys of one read one at a time costs each key O(1)).
    private var undeliveredEvents: [TerminalEvent] = []
    private var firstUndelivered = 0
    private var inputIsOpen = true
    private var isRunning = false
    /// Whether ``takeTerminationSignals()`` was called: the loop then watches their pipe.
    var watchesTerminationSignals = false
    /// A termination signal taken and not yet reported by `run`.
    private var terminationSignal: Int32 = 0
    private var nextTick: UInt64?
    private var escapeDeadline: UInt64?
    private var lastSize: TerminalSize?
    /// The resume count (see ``TerminalSession/suspend()``) when the size was last reported.
    private var lastResumeCount = TerminalRestoration.resumeCount

    /// Creates a loop.
    ///
    /// - Parameters:
    ///   - input: The descriptor keys are read from; standard input by default. The loop never
    ///     changes its flags.
    ///   - resizeFrom: A terminal descriptor whose size is read when the process receives SIGWINCH,
    ///     to deliver ``TerminalEvent/resize(_:)``; `nil` to ignore resizes.
    ///   - tickInterval: Seconds between ``TerminalEvent/tick`` events, or `nil` for none.
    ///   - escapeTimeout: Seconds a lone Esc waits for the rest of a sequence.
    public init(
        input: Int32 = STDIN_FILENO, resizeFrom: Int32? = nil, tickInterval: Double? = nil,
        escapeTimeout: Double = 0.03
    ) {
        self.inputFD = input
        self.resizeFD = resizeFrom
        self.tickInterval = tickInterval
        self.escapeTimeout = escapeTimeout
        self.mailbox = Mailbox()
        if let resizeFrom {
            _ = ResizeSignal.pipeReadFD
            SignalChain.unblock([SIGWINCH])
            lastSize = TerminalSize.current(of: resizeFrom)
        }
    }

    /// Creates a loop reading keys from a session's input and watching its size.
    public convenience init(session: TerminalSession, tickInterval: Double? = nil) {
        self.init(input: session.inputFD, resizeFrom: session.outputFD, tickInterval: tickInterval)
    }

    /// Schedules `work` to run on the loop, after the event being handled, in the order posted.
    /// Safe to call from any thread; wakes the loop if it is waiting.
    ///
    /// Work posted while the loop isn't running waits for the next ``run(_:)``.
    public nonisolated func post(_ work: @escaping @MainActor @Sendable () -> Void) {
        mailbox.state.withLock { $0.work.append(work) }
        mailbox.wake()
    }

    /// Makes ``run(_:)`` return after the event or work it is handling; safe from any thread.
    /// If the loop isn't running, the next ``run(_:)`` returns at once.
    public nonisolated func stop() {
        mailbox.state.withLock { $0.stopRequested = true }
        mailbox.wake()
    }

    /// Delivers events to `handler` until ``stop()`` is called, the input closes or the calling
    /// task is cancelled.
    ///
    /// While there is nothing to deliver, the loop is suspended and waits on a background queue,
    /// so other work on the main actor and the main queue runs in the meantime. Events and posted
    /// work are still handled one at a time, in order.
    ///
    /// - Parameter handler: Called on the main actor with each event, one at a time.
    /// - Returns: Why the loop ended (``EndReason/stopped`` also when the task was cancelled).
    @discardableResult
    public func run(_ handler: (TerminalEvent) -> Void) async -> EndReason {
        await run(handler, whenIdle: {})
    }

    /// Delivers events to `handler` one at a time like ``run(_:)``, and calls `whenIdle` each time
    /// everything that arrived together has been handled — every key of one read, and the work
    /// posted meanwhile — before the loop waits again.
    ///
    /// Draw in `whenIdle` rather than after each event: a paste of a thousand keys from a
    /// terminal without bracketed paste is a thousand events but one read, so it is drawn once.
    ///
    /// - Parameters:
    ///   - handler: Called on the main actor with each event, one at a time.
    ///   - whenIdle: Called on the main actor before each wait (and once before the first).
    /// - Returns: Why the loop ended.
    @discardableResult
    public func run(_ handler: (TerminalEvent) -> Void, whenIdle: () -> Void) async -> EndReason {
        await runLoop(batches: false, { handler($0[0]) }, whenIdle: whenIdle)
    }

    /// Delivers what arrived together as one batch: every event of one read (all the keys a
    /// paste sent at once, say), in order, then calls `whenIdle` before waiting again.
    ///
    /// Handle the whole batch before drawing: a text field can take all the keys of a batch and
    /// tell the store once. To stop partway through a batch (a quit key), call ``stop()`` and
    /// leave the rest of the batch unhandled.
    ///
    /// - Parameters:
    ///   - handler: Called on the main actor with each batch, never empty.
    ///   - whenIdle: Called on the main actor before each wait (and once before the first).
    /// - Returns: Why the loop ended.
    @discardableResult
    public func runBatches(
        _ handler: ([TerminalEvent]) -> Void, whenIdle: () -> Void = {}
    ) async -> EndReason {
        await runLoop(batches: true, handler, whenIdle: whenIdle)
    }

    /// The loop of both `run`s: hands `handler` every queued event at once (`batches`) or the
    /// first of them, with posted work run before each delivery.
    private func runLoop(
        batches: Bool, _ handler: ([TerminalEvent]) -> Void, whenIdle: () -> Void
    ) async -> EndReason {
        precondition(!isRunning, "EventLoop.run was called while it was already running; call it once.")
        isRunning = true
        defer { isRunning = false }
        return await withTaskCancellationHandler {
            while true {
                if terminationSignal != 0 { return .signal(terminationSignal) }
                if takeStopRequest() { return .stopped }
                if runPostedWork() { continue }
                if firstUndelivered < undeliveredEvents.count {
                    let batch =
                        batches
                        ? Array(undeliveredEvents[firstUndelivered...])
                        : [undeliveredEvents[firstUndelivered]]
                    firstUndelivered += batch.count
                    if firstUndelivered == undeliveredEvents.count {
                        undeliveredEvents.removeAll(keepingCapacity: true)
                        firstUndelivered = 0
                    }
                    handler(batch)
                    continue
                }
                if !inputIsOpen { return .inputClosed }
                whenIdle()
                if takeStopRequest() { return .stopped }
                if runPostedWork() { continue }
                await wait()
            }
        } onCancel: {
            stop()
        }
    }

    private func takeStopRequest() -> Bool {
        mailbox.state.withLock { state in
            defer { state.stopRequested = false }
            return state.stopRequested
        }
    }

    /// Runs the work posted so far. - Returns: Whether there was any.
    private func runPostedWork() -> Bool {
        let work = mailbox.state.withLock { state in
            defer { state.work.removeAll() }
            return state.work
        }
        for item in work { item() }
        return !work.isEmpty
    }

    /// Waits (off the main thread) for input, a wakeup, a resize or a deadline, and queues the
    /// resulting events.
    private func wait() async {
        let now = SystemCalls.monotonicNanoseconds()
        if let tickInterval, nextTick == nil {
            nextTick = now + Self.nanoseconds(tickInterval)
        }
        var deadline = tickInterval == nil ? nil : nextTick
        if let escapeDeadline { deadline = min(deadline ?? escapeDeadline, escapeDeadline) }
        let timeout: Int32
        if let deadline {
            timeout = deadline <= now ? 0 : Int32(clamping: (deadline - now + 999_999) / 1_000_000)
        } else {
            timeout = -1
        }

        let watchesResizes = resizeFD != nil && ResizeSignal.pipeReadFD >= 0
        let signalFD = watchesTerminationSignals ? TerminationSignals.pipeReadFD : -1
        let fds = [mailbox.readFD, inputFD, watchesResizes ? ResizeSignal.pipeReadFD : -1, signalFD]
        let waiter = self.waiter
        let polled = await withCheckedContinuation { (continuation: CheckedContinuation<[Bool]?, Never>) in
            waiter.async {
                continuation.resume(returning: SystemCalls.waitForInput(fds, timeoutMilliseconds: timeout))
            }
        }
        guard let ready = polled else {
            return  // interrupted by a signal: go round again
        }
        if ready[0] { SystemCalls.drain(mailbox.readFD) }
        if ready[3] { terminationSignal = TerminationSignals.take() }
        if ready[2] {
            SystemCalls.drain(ResizeSignal.pipeReadFD)
            checkSize()
        }
        if ready[1] { readKeys() }
        let after = SystemCalls.monotonicNanoseconds()
        if !decoder.hasPendingInput {
            escapeDeadline = nil
        } else if ready[1] || escapeDeadline == nil {
            // More came (or something started): wait for the rest from now on.
            let timeout = decoder.isInsidePaste ? pasteTimeout : escapeTimeout
            escapeDeadline = after + Self.nanoseconds(timeout)
        } else if let escapeDeadline, after >= escapeDeadline {
            undeliveredEvents += decoder.flush().map(TerminalEvent.key)
            self.escapeDeadline = nil
        }
        if let tickInterval, let tick = nextTick, after >= tick {
            undeliveredEvents.append(.tick)
            let interval = Self.nanoseconds(tickInterval)
            nextTick = tick + interval > after ? tick + interval : after + interval
        }
    }

    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
        if count > 0 {
            for key in decoder.feed(buffer[0..<count]) {
                // Ctrl-Z stops the app as it would any program (raw mode takes the key from the
                // terminal driver, so the loop does what the driver would have done).
                if key == .ctrl("z"), TerminalRestoration.canSuspend {
                    TerminalRestoration.suspendProcess()
                    continue
                }
                undeliveredEvents.append(.key(key))
            }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            undeliveredEvents += decoder.flush().map(TerminalEvent.key)
            inputIsOpen = false
        }
    }

    /// Reports the terminal's size when it changed, or when the process continued after a stop
    /// (the screen must then be drawn again whole, at whatever size it has now).
    private func checkSize() {
        let resumeCount = TerminalRestoration.resumeCount
        guard let resizeFD, let size = TerminalSize.current(of: resizeFD),
            size != lastSize || resumeCount != lastResumeCount
        else { return }
        lastSize = size
        lastResumeCount = resumeCount
        undeliveredEvents.append(.resize(size))
    }

    private static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(seconds, 0.001) * 1_000_000_000)
    }
}

/// The part of an ``EventLoop`` other threads touch: posted work, the stop request and the
/// wakeup pipe.
private final class Mailbox: Sendable {
    struct State {
        var work: [@MainActor @Sendable () -> Void] = []
        var stopRequested = false
    }

    let state = Locked(State())
    let readFD: Int32
    let writeFD: Int32

    init() {
        guard let fds = SystemCalls.makeWakeupPipe() else {
            preconditionFailure(
                "EventLoop could not create its wakeup pipe (errno \(errno)): too many open files?")
        }
        readFD = fds.read
        writeFD = fds.write
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Makes the loop's `poll` return. A full pipe already guarantees a wakeup, so a failed
    /// write is fine.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }
}
