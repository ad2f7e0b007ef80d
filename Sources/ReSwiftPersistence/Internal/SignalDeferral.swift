import Foundation
import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Holds SIGINT, SIGTERM and SIGHUP while a save is being written, then delivers them.
///
/// Blocking signals on the saving thread isn't enough: a process-directed signal goes to any
/// thread that doesn't block it, and its default action ends the whole process. So while at least
/// one save is between creating its temporary file and renaming it, each of the three signals
/// whose action isn't "ignore" gets a handler that only notes it. When the last save finishes, the
/// previous actions come back and each noted signal is raised again, so the process ends (or the
/// app's own handler runs) just as it would have, only after the file is whole.
///
/// A handler that finds no save in progress (someone kept ours in a chain of handlers) puts the
/// previous action back and raises the signal at once.
enum SignalDeferral {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    // nonisolated(unsafe): the storage below is allocated once and never freed, so the handler
    // reaches it without Swift's lazy initialisation (it is touched before any handler is
    // installed), locks or allocation. `state` is written by `enter`/`leave` while `lock` is held
    // and the signals are blocked on that thread; the handler writes only the pending flags.
    // `state[0]` is 1 while a save is in progress; `state[1 + i]` is 1 when `signals[i]` arrived.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1 + signals.count)
        pointer.initialize(repeating: 0, count: 1 + signals.count)
        return pointer
    }()
    // nonisolated(unsafe): same invariant as `state`; the action each signal had before ours.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signals.count)
        pointer.initialize(repeating: sigaction(), count: signals.count)
        return pointer
    }()
    // nonisolated(unsafe): same invariant as `state`; written once, read by the handler.
    nonisolated(unsafe) static let signalNumbers: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: signals.count)
        pointer.initialize(from: signals, count: signals.count)
        return pointer
    }()

    // Guards the fields named below; its own value is an unused Int, because ThreadSanitizer
    // reports a race on an empty (Void) value's accesses.
    private static let lock = Locked(0)
    // nonisolated(unsafe): read and written only while holding `lock`. How many saves are in
    // progress, and which signals have our handler installed.
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var installed = [Bool](repeating: false, count: signals.count)

    /// Runs `body` with the three signals held until it returns (or throws).
    static func deferringSignals<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        enter()
        defer { leave() }
        try body()
    }

    private static func enter() {
        _ = (state, previousActions, signalNumbers)  // allocate before any handler can run
        lock.withLock { _ in
            depth += 1
            guard depth == 1 else { return }
            withSignalsBlocked {
                for index in signals.indices {
                    state[1 + index] = 0
                    var action = makeAction()
                    guard sigaction(signals[index], &action, previousActions + index) == 0 else { continue }
                    if handlerAddress(previousActions[index]) == 1 {  // SIG_IGN: keep it ignored
                        _ = sigaction(signals[index], previousActions + index, nil)
                    } else {
                        installed[index] = true
                    }
                }
                state[0] = 1
            }
        }
    }

    private static func leave() {
        lock.withLock { _ in
            depth -= 1
            guard depth == 0 else { return }
            withSignalsBlocked {
                state[0] = 0
                let ours = handlerAddress(makeAction())
                for index in signals.indices where installed[index] {
                    installed[index] = false
                    var current = sigaction()
                    // Someone installed a handler over ours meanwhile: leave theirs (ours, if
                    // they chain to it, now forwards at once).
                    guard sigaction(signals[index], nil, &current) == 0, handlerAddress(current) == ours
                    else { continue }
                    _ = sigaction(signals[index], previousActions + index, nil)
                }
                for index in signals.indices where state[1 + index] == 1 {
                    state[1 + index] = 0
                    raise(signals[index])  // pending on this thread until the mask is restored
                }
            }
        }
    }

    private static func withSignalsBlocked(_ body: () -> Void) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static func makeAction() -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = noteSignal
        #else
            action.__sigaction_handler.sa_handler = noteSignal
        #endif
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaddset(&action.sa_mask, signal) }
        action.sa_flags = SA_RESTART
        return action
    }

    /// The address of an action's handler (0 for SIG_DFL, 1 for SIG_IGN).
    private static func handlerAddress(_ action: sigaction) -> Int {
        #if canImport(Darwin)
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
    }
}

/// Notes a signal that arrived during a save, or, with no save in progress, passes it on.
/// Async-signal-safe: memory writes, `sigaction` and `raise` only.
private func noteSignal(_ signal: Int32) {
    for index in 0..<SignalDeferral.signals.count where SignalDeferral.signalNumbers[index] == signal {
        if SignalDeferral.state[0] == 1 {
            SignalDeferral.state[1 + index] = 1
        } else {
            _ = sigaction(signal, SignalDeferral.previousActions + index, nil)
            raise(signal)
        }
    }
}
