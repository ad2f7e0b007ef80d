import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGWINCH into a readable byte on a process-wide pipe, so an event loop's `poll` wakes
/// up when the terminal is resized.
enum ResizeSignal {
    // nonisolated(unsafe): written once, inside `pipeReadFD`'s one-time initialisation, before the
    // handler that reads it is installed; read-only afterwards.
    nonisolated(unsafe) private static var writeFD: Int32 = -1

    /// The read end of the pipe; SIGWINCH handling is installed the first time this is read.
    static let pipeReadFD: Int32 = {
        guard let fds = SystemCalls.makeWakeupPipe() else { return -1 }
        writeFD = fds.write
        var action = SignalChain.action(handler: handleResize, flags: SA_RESTART)
        _ = sigaction(SIGWINCH, &action, nil)
        return fds.read
    }()
}

/// Async-signal-safe: one `write` to a non-blocking pipe.
private func handleResize(_ signal: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(ResizeSignal.writeFDForHandler, &byte, 1)
    errno = savedErrno
}

extension ResizeSignal {
    /// The write end, for the handler (the private storage is only reachable in this file).
    fileprivate static var writeFDForHandler: Int32 { writeFD }
}
