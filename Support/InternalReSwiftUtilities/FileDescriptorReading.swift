#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reading an open file to its end, written once for the modules that read files with POSIX calls
/// (persistence's files, recorded sessions): they open and check the file their own way, then
/// read it here.
@_spi(ReSwiftInternal)
public enum FileDescriptorReading {
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

    /// A `read` that failed, with its `errno`.
    public struct ReadFailure: Error, Equatable {
        /// The `errno` the read set.
        public var code: Int32
    }
}
