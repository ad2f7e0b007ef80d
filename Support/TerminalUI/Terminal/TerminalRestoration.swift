import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process-wide record of how to give the terminal back, used by ``TerminalSession`` on every
/// exit path: an explicit restore, `deinit`, `atexit`, and the signal handlers.
///
/// The record lives in memory allocated once and never freed, so the signal handler can reach it
/// without touching Swift globals' lazy initialisation, locks or allocation.
enum TerminalRestoration {
    /// What the signal handler and ``restore(session:)`` read.
    struct Record {
        /// 1 while a session has changed the terminal and not yet restored it.
        var active: Int32 = 0
        /// The identifier of the active session.
        var session: Int = 0
        /// The descriptor whose modes were changed (standard input).
        var inputFD: Int32 = -1
        /// The descriptor the leave sequence is written to (standard output).
        var outputFD: Int32 = -1
        /// 1 when `savedModes` holds modes to put back.
        var hasSavedModes: Int32 = 0
        /// The terminal modes from before the session.
        var savedModes = termios()
        /// How many bytes of `leaveBytes` to write.
        var leaveCount: Int = 0
        /// The session's raw modes, put back when the process continues after a stop.
        var rawModes = termios()
        /// How many bytes of `enterBytes` to write when the process continues after a stop.
        var enterCount: Int = 0
        /// 1 while the process is stopped by job control (Ctrl-Z) with the terminal given back.
        var suspended: Int32 = 0
        /// How many times the process continued after a stop with a session active: a renderer
        /// redraws everything when it changes, and the event loop reports a resize.
        var resumeCount: Int = 0
    }

    /// The signals after which the terminal is restored before the signal takes its course.
    static let signals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
    ]
    static let maximumLeaveBytes = 64

    // nonisolated(unsafe): the pointees are written by `begin`/`restore` while `lock` is held and
    // the handled signals are blocked on the writing thread, and by the signal handler, which
    // only clears `active` and restores. `active` is set last in `begin`, so a handler never sees
    // a half-written record; a handler racing `restore` on another thread can at worst restore
    // twice, which writes the same modes and the same leave sequence again.
    nonisolated(unsafe) static let record: UnsafeMutablePointer<Record> = {
        let pointer = UnsafeMutablePointer<Record>.allocate(capacity: 1)
        pointer.initialize(to: Record())
        return pointer
    }()
    // nonisolated(unsafe): same invariant as `record`.
    nonisolated(unsafe) static let enterBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumLeaveBytes)
        pointer.initialize(repeating: 0, count: maximumLeaveBytes)
        return pointer
    }()
    // nonisolated(unsafe): same invariant as `record`.
    nonisolated(unsafe) static let leaveBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumLeaveBytes)
        pointer.initialize(repeating: 0, count: maximumLeaveBytes)
        return pointer
    }()
    /// Our handler in front of the app's for each of `signals`.
    static let chain = SignalChain(signals: signals, handler: handleSignal)

    /// Serialises `begin` and `restore`; also records whether `atexit` was registered.
    static let lock = Locked((nextSession: 1, registeredAtExit: false))

    /// Records a session's saved modes and leave sequence, and installs the exit hooks.
    /// - Returns: The session identifier, or `nil` when another session is active.
    static func begin(
        inputFD: Int32, outputFD: Int32, savedModes: termios?, rawModes: termios? = nil,
        enterSequence: String = "",
        leaveSequence: String
    ) -> Int? {
        // Touch the lazily created storage before any handler can run.
        _ = (record, leaveBytes, enterBytes, chain, stopChain)
        return lock.withLock { state -> Int? in
            guard record.pointee.active == 0 else { return nil }
            let session = state.nextSession
            state.nextSession += 1
            if !state.registeredAtExit {
                state.registeredAtExit = true
                atexit { TerminalRestoration.restoreAll() }
            }
            chain.withSignalsBlocked {
                let bytes = Array(leaveSequence.utf8.prefix(maximumLeaveBytes))
                for (index, byte) in bytes.enumerated() { leaveBytes[index] = byte }
                record.pointee.leaveCount = bytes.count
                let enter = Array(enterSequence.utf8.prefix(maximumLeaveBytes))
                for (index, byte) in enter.enumerated() { enterBytes[index] = byte }
                record.pointee.enterCount = enter.count
                record.pointee.rawModes = rawModes ?? savedModes ?? termios()
                record.pointee.suspended = 0
                record.pointee.inputFD = inputFD
                record.pointee.outputFD = outputFD
                if let savedModes {
                    record.pointee.savedModes = savedModes
                    record.pointee.hasSavedModes = 1
                } else {
                    record.pointee.hasSavedModes = 0
                }
                record.pointee.session = session
                record.pointee.active = 1
                chain.install()
                if rawModes != nil { stopChain.withSignalsBlocked { stopChain.install() } }
            }
            return session
        }
    }

    /// Restores the terminal if `session` is the active session; does nothing otherwise.
    static func restore(session: Int) {
        lock.withLock { _ in
            guard record.pointee.session == session else { return }
            chain.withSignalsBlocked {
                // A signal handler may have restored already (and the process lived on because an
                // earlier handler of the app's ran); the handlers still go away.
                restoreTerminal()
                chain.uninstall()
                stopChain.withSignalsBlocked { stopChain.uninstall() }
            }
        }
    }

    /// Restores the terminal for whichever session is active (the `atexit` path).
    static func restoreAll() {
        lock.withLock { _ in
            chain.withSignalsBlocked {
                restoreTerminal()
                chain.uninstall()
                stopChain.withSignalsBlocked { stopChain.uninstall() }
            }
        }
    }

    /// Whether a session is active.
    static var isActive: Bool {
        lock.withLock { _ in record.pointee.active == 1 }
    }

    /// Puts back the saved modes and writes the leave sequence. Async-signal-safe: only
    /// `tcsetattr` and `write`, on memory allocated beforehand.
    ///
    /// Input the program hasn't read is discarded (`TCSAFLUSH`): the rest of a paste typed into
    /// the app must not reach the shell that gets the terminal back, where it would run.
    static func restoreTerminal() {
        guard record.pointee.active == 1 else { return }
        record.pointee.active = 0
        writeAll(leaveBytes, count: record.pointee.leaveCount)
        if record.pointee.hasSavedModes == 1 {
            _ = tcsetattr(record.pointee.inputFD, TCSAFLUSH, &record.pointee.savedModes)
        }
    }
}

/// Restores the terminal, puts back the signal's previous action and raises the signal again, so
/// the process ends (or the earlier handler runs) as if TerminalUI had not been there.
/// Async-signal-safe: `tcsetattr`, `write`, `sigaction` and `raise` only.
private func handleSignal(_ signal: Int32) {
    TerminalRestoration.restoreTerminal()
    TerminalRestoration.chain.forward(signal)
}
