#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small wrappers over the C calls TerminalUI makes, so the platform differences live in one place.
enum SystemCalls {
    /// The current `errno`.
    static var lastError: Int32 { errno }

    /// Writes all of `bytes` to `fd`, retrying after interruptions and partial writes.
    /// - Returns: `false` when the descriptor refused the write (closed, or another error).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&pfd, 1, 100)
                    continue
                }
                return false
            }
            remaining -= written
            base += written
        }
        return true
    }

    /// Writes the UTF-8 bytes of `string` to `fd`.
    @discardableResult
    static func writeAll(_ fd: Int32, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Sets `O_NONBLOCK` and `FD_CLOEXEC` on a descriptor.
    static func makeNonBlockingAndCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        let fdFlags = fcntl(fd, F_GETFD)
        if fdFlags >= 0 { _ = fcntl(fd, F_SETFD, fdFlags | FD_CLOEXEC) }
    }

    /// A pipe whose ends are non-blocking and close-on-exec.
    static func makeWakeupPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        makeNonBlockingAndCloseOnExec(fds[0])
        makeNonBlockingAndCloseOnExec(fds[1])
        return (fds[0], fds[1])
    }

    /// Reads and discards whatever is waiting in a non-blocking descriptor.
    static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { continue }
            if count < 0 && errno == EINTR { continue }
            return
        }
    }

    /// A monotonic clock reading in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
