import InternalReSwiftUtilities

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
/// whose action isn't "ignore" gets a handler (a ``SignalChain``) that only notes it. When the
/// last save finishes, the previous actions come back and each noted signal is raised again, so
/// the process ends (or the app's own handler runs) just as it would have, only after the file is
/// whole.
///
/// A handler that finds no save in progress (someone kept ours in a chain of handlers) puts the
/// previous action back and raises the signal at once.
enum SignalDeferral {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Our handler in front of the app's, installed while a save is in progress.
    static let chain = SignalChain(
        signals: signals, handler: noteSignal, restartsInterruptedCalls: true,
        blocksChainedSignalsInHandler: true)

    // nonisolated(unsafe): allocated once and never freed, so the handler reaches it without
    // Swift's lazy initialisation (it is touched before any handler is installed), locks or
    // allocation. Written by `enter`/`leave` inside `depth.withLock` with the signals blocked on
    // that thread; the handler writes only the pending flags. `flags[0]` is 1 while a save is in
    // progress; `flags[1 + i]` is 1 when `signals[i]` arrived meanwhile.
    nonisolated(unsafe) static let flags: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1 + signals.count)
        pointer.initialize(repeating: 0, count: 1 + signals.count)
        return pointer
    }()

    /// How many saves are in progress; its lock also serialises installing and removing `chain`.
    private static let depth = Locked(0)

    /// Runs `body` with the three signals held until it returns (or throws).
    static func deferringSignals<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        enter()
        defer { leave() }
        try body()
    }

    private static func enter() {
        _ = (flags, chain)  // allocate before any handler can run
        depth.withLock { depth in
            depth += 1
            guard depth == 1 else { return }
            chain.withSignalsBlocked {
                for index in signals.indices { flags[1 + index] = 0 }
                chain.install()
                flags[0] = 1
            }
        }
    }

    private static func leave() {
        depth.withLock { depth in
            depth -= 1
            guard depth == 0 else { return }
            chain.withSignalsBlocked {
                flags[0] = 0
                chain.uninstall()
                for index in signals.indices where flags[1 + index] == 1 {
                    flags[1 + index] = 0
                    raise(signals[index])  // pending on this thread until the mask is restored
                }
            }
        }
    }
}

/// Notes a signal that arrived during a save, or, with no save in progress, passes it on.
/// Async-signal-safe: memory writes, `sigaction` and `raise` only.
private func noteSignal(_ signal: Int32) {
    guard let index = SignalDeferral.chain.index(of: signal) else { return }
    if SignalDeferral.flags[0] == 1 {
        SignalDeferral.flags[1 + index] = 1
    } else {
        SignalDeferral.chain.forward(signal)
    }
}
