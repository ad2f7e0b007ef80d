@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP as an event of the app's own loop (see
/// ``EventLoop/takeTerminationSignals()``): the handler only notes the signal and wakes the loop,
/// which ends after the event it is handling (a save in progress finishes), so the app can flush
/// what it holds, give the terminal back, and then end by the signal (``EventLoop/end(by:)``).
///
/// A second signal while the first is pending takes its normal course at once (the terminal is
/// restored by ``TerminalSession``'s handler on the way), so a stuck app can still be ended.
enum TerminationSignals {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    // nonisolated(unsafe): written once, inside `pipeReadFD`'s one-time initialisation, before the
    // handler that reads it is installed; read-only afterwards.
    nonisolated(unsafe) private static var writeFD: Int32 = -1

    /// The read end of the pipe the handler writes to.
    static let pipeReadFD: Int32 = {
        guard let fds = SystemCalls.makeWakeupPipe() else { return -1 }
        writeFD = fds.write
        return fds.read
    }()

    // nonisolated(unsafe): allocated once and never freed, so the handler reaches it without
    // locks or allocation; the handler writes it, the loop reads and clears it on the main actor.
    // A race between the two can at worst report a signal twice or forward a second one.
    nonisolated(unsafe) static let pending: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()

    /// Our handler in front of the process's (and of the terminal restoration's) for the signals.
    static let chain = SignalChain(signals: signals, handler: noteTermination, restartsInterruptedCalls: true)

    /// The write end, for the handler.
    fileprivate static var writeFDForHandler: Int32 { writeFD }

    /// Lock for installing and removing the chain.
    static let lock = Locked(false)

    static func install() {
        _ = (pipeReadFD, pending, chain)
        lock.withLock { installed in
            guard !installed else { return }
            installed = true
            chain.withSignalsBlocked { chain.install() }
        }
        SignalChain.unblock(signals)
    }

    static func uninstall() {
        lock.withLock { installed in
            guard installed else { return }
            installed = false
            chain.withSignalsBlocked { chain.uninstall() }
        }
    }

    /// The signal noted and not yet taken, clearing it; 0 for none.
    static func take() -> Int32 {
        SystemCalls.drain(pipeReadFD)
        let signal = pending.pointee
        return signal
    }
}

/// Notes the signal and wakes the loop; a second one is passed on. Async-signal-safe: memory
/// writes, `write`, `sigaction` and `raise` only.
private func noteTermination(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    guard TerminationSignals.pending.pointee == 0 else {
        TerminationSignals.chain.forward(signal)
        return
    }
    TerminationSignals.pending.pointee = signal
    var byte: UInt8 = 1
    _ = write(TerminationSignals.writeFDForHandler, &byte, 1)
}

extension EventLoop {
    /// Turns SIGINT, SIGTERM and SIGHUP into an end of ``run(_:)`` (and ``runBatches(_:whenIdle:)``)
    /// with ``EndReason/signal(_:)``, after the event being handled: signals are the app's
    /// business, and this way one that arrives during a save lets the save finish. Then flush what
    /// the app holds, give the terminal back, and call ``end(by:)``.
    ///
    /// A second signal while the first is being handled takes its normal course at once.
    public func takeTerminationSignals() {
        TerminationSignals.install()
        watchesTerminationSignals = true
    }

    /// Ends the process by `signal`, as it would have ended had the app not taken it: puts the
    /// signal's previous action back (normally: end the process) and raises it. Call it after
    /// the terminal is restored.
    public nonisolated static func end(by signal: Int32) -> Never {
        TerminationSignals.uninstall()
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, nil, &action)
        if SignalChain.handlerAddress(action) == SignalChain.ignoredAddress
            || SignalChain.handlerAddress(action) > 1
        {
            // Ignored, or an app handler of its own that returned: end as a shell would report it.
            exit(128 + signal)
        }
        SignalChain.unblock([signal])
        raise(signal)
        exit(128 + signal)
    }
}
