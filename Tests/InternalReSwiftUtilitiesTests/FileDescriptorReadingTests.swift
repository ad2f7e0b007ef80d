import Dispatch
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite struct FileDescriptorReadingTests {
    @Test func readsEveryByteToTheEndOverSeveralReads() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // More than one 64 KiB read: more than a pipe holds, so another thread writes it.
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = ends[1]
        DispatchQueue.global().async {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                if count > 0 { offset += count } else if errno != EINTR { break }
            }
            close(writer)
        }
        #expect(FileDescriptorReading.readToEnd(ends[0]) == .success(bytes))
    }

    @Test func aFailedReadGivesItsErrno() {
        guard case .failure(let failure) = FileDescriptorReading.readToEnd(-1) else {
            Issue.record("reading descriptor -1 succeeded")
            return
        }
        #expect(failure.code == EBADF)
    }
}
