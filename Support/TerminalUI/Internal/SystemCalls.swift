@_spi(ReSwiftInternal) import InternalReSwiftUtilities

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

    /// Writes all of `bytes` to `fd` (``FileDescriptorIO/writeAll(_:_:)``: interruptions, partial
    /// writes and a full non-blocking terminal handled).
    /// - Returns: `false` when the descriptor refused the write (closed, or another error).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        FileDescriptorIO.writeAll(fd, bytes) == 0
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

    /// Waits until one of `fds` can be read (or has reached end-of-file or failed), or the timeout
    /// passes.
    ///
    /// - Parameters:
    ///   - fds: The descriptors to watch; a negative one is skipped (never ready).
    ///   - timeoutMilliseconds: How long to wait; -1 waits without limit.
    /// - Returns: For each descriptor, whether it is ready; `nil` when interrupted by a signal.
    static func waitForInput(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Bool]? {
        let watched = fds.filter { $0 >= 0 }
        guard watched.count < fds.count else {
            return waitForWatchedInput(fds, timeoutMilliseconds: timeoutMilliseconds)
        }
        guard let ready = waitForWatchedInput(watched, timeoutMilliseconds: timeoutMilliseconds) else {
            return nil
        }
        var next = 0
        return fds.map { fd in
            guard fd >= 0 else { return false }
            defer { next += 1 }
            return ready[next]
        }
    }

    private static func waitForWatchedInput(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Bool]? {
        #if canImport(Darwin)
            // poll() on macOS does not support devices, terminals included; select() does.
            if fds.allSatisfy({ $0 >= 0 && $0 < FD_SETSIZE }) {
                return selectForInput(fds, timeoutMilliseconds: timeoutMilliseconds)
            }
        #endif
        var pollFDs = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&pollFDs, nfds_t(pollFDs.count), timeoutMilliseconds) >= 0 else { return nil }
        return pollFDs.map { $0.revents != 0 }
    }

    /// `waitForInput` with select(): used on Apple platforms, and compiled everywhere so Linux
    /// tests check it. Descriptors must be below `FD_SETSIZE`.
    static func selectForInput(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Bool]? {
        // An fd_set holds descriptors 0..<FD_SETSIZE; writing outside it would corrupt memory.
        guard fds.allSatisfy({ $0 >= 0 && $0 < FD_SETSIZE }) else {
            errno = EBADF
            return nil
        }
        var set = fd_set()
        withUnsafeMutableBytes(of: &set) { raw in
            let words = raw.bindMemory(to: Int32.self)
            for fd in fds { words[Int(fd) / 32] |= Int32(bitPattern: UInt32(1) << UInt32(fd % 32)) }
        }
        var timeout = timeval()
        timeout.tv_sec = .init(max(timeoutMilliseconds, 0) / 1000)
        timeout.tv_usec = .init((max(timeoutMilliseconds, 0) % 1000) * 1000)
        let highest = (fds.max() ?? 0) + 1
        let result =
            timeoutMilliseconds < 0
            ? select(highest, &set, nil, nil, nil)
            : select(highest, &set, nil, nil, &timeout)
        guard result >= 0 else { return nil }
        return withUnsafeBytes(of: &set) { raw in
            let words = raw.bindMemory(to: Int32.self)
            return fds.map { fd in
                words[Int(fd) / 32] & Int32(bitPattern: UInt32(1) << UInt32(fd % 32)) != 0
            }
        }
    }
}
