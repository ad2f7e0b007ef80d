@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Job control: SIGTSTP (Ctrl-Z, or `kill -TSTP`) gives the terminal back before the process
/// stops, and takes it again when the process continues.
extension TerminalRestoration {
    /// Our SIGTSTP handler in front of the process's, installed while a session is active. A
    /// SIGTSTP that was ignored stays ignored (a shell without job control could never continue
    /// us).
    static let stopChain = SignalChain(signals: [SIGTSTP], handler: handleStop)

    /// The resume count a renderer compares with the one it drew for. Read on the loop's thread.
    static var resumeCount: Int { record.pointee.resumeCount }

    /// Whether Ctrl-Z should stop the process: a session is active and our SIGTSTP handler is in
    /// place.
    static var canSuspend: Bool {
        record.pointee.active == 1 && stopChain.isInstalled(SIGTSTP)
    }

    /// Stops the process as the terminal's Ctrl-Z would: the whole job when we are the
    /// terminal's foreground process group, else only this process. The signal is sent to the
    /// process, not the calling thread (which may block it), so the stop happens on whichever
    /// thread takes it, moments later.
    static func suspendProcess() {
        guard canSuspend else { return }
        kill(tcgetpgrp(record.pointee.inputFD) == getpgrp() ? 0 : getpid(), SIGTSTP)
    }

    /// Gives the terminal back for a stop: the leave sequence and the saved modes, keeping the
    /// session active. Async-signal-safe.
    static func suspendTerminal() {
        guard record.pointee.active == 1, record.pointee.suspended == 0 else { return }
        record.pointee.suspended = 1
        writeAll(leaveBytes, count: record.pointee.leaveCount)
        if record.pointee.hasSavedModes == 1 {
            _ = tcsetattr(record.pointee.inputFD, TCSAFLUSH, &record.pointee.savedModes)
        }
    }

    /// Takes the terminal again after a stop: raw modes, the enter sequence, and a new resume
    /// count, then wakes the event loop (through SIGWINCH). Async-signal-safe.
    static func resumeTerminal() {
        guard record.pointee.active == 1, record.pointee.suspended == 1 else { return }
        record.pointee.suspended = 0
        _ = tcsetattr(record.pointee.inputFD, TCSAFLUSH, &record.pointee.rawModes)
        writeAll(enterBytes, count: record.pointee.enterCount)
        record.pointee.resumeCount &+= 1
        raise(SIGWINCH)
    }

    /// Writes `count` bytes from `bytes` to the output, retrying interrupted writes.
    /// Async-signal-safe.
    static func writeAll(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        var remaining = count
        var offset = 0
        while remaining > 0 {
            let written = write(record.pointee.outputFD, bytes + offset, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            remaining -= written
            offset += written
        }
    }
}

/// Gives the terminal back, stops the process with SIGTSTP's previous action (the default: stop),
/// and once continued puts our handler back and takes the terminal again. Async-signal-safe:
/// `write`, `tcsetattr`, `sigaction`, `pthread_sigmask` and `raise` only.
private func handleStop(_ signal: Int32) {
    let savedErrno = errno
    TerminalRestoration.suspendTerminal()
    TerminalRestoration.stopChain.restorePrevious(SIGTSTP)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)  // stops here until SIGCONT
    TerminalRestoration.stopChain.install()
    TerminalRestoration.resumeTerminal()
    errno = savedErrno
}
