#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reading an open descriptor to its end and writing all of a buffer to one, written once for the
/// modules that use POSIX calls (persistence's files, recorded sessions, the library's messages,
/// the terminal's output): they open and check their descriptors their own way, then read and
/// write here.
@_spi(ReSwiftInternal)
public enum FileDescriptorIO {
    /// Every byte from `fd`'s position to its end, in reads of 64 KiB, a read that a signal
    /// interrupted (`EINTR`) being tried again.
    ///
    /// - Parameter fd: An open descriptor, readable.
    /// - Returns: The bytes, or the `errno` of the read that failed.
    public static func readToEnd(_ fd: Int32) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                return .failure(ReadFailure(code: errno))
            }
        }
    }

    /// Writes all of `bytes` to `fd`, trying again after an interruption (`EINTR`) and after a
    /// partial write; a non-blocking descriptor that is full (`EAGAIN`, a terminal the user
    /// paused) is waited for, in polls of 100 ms, until it takes more.
    ///
    /// - Returns: 0 when everything was written, else the `errno` of the write that failed.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard var base = bytes.baseAddress else { return 0 }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(fd, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                    continue
                }
                return errno
            }
            remaining -= written
            base += written
        }
        return 0
    }

    /// A `read` that failed, with its `errno`.
    public struct ReadFailure: Error, Equatable {
        /// The `errno` the read set.
        public var code: Int32
    }
}
