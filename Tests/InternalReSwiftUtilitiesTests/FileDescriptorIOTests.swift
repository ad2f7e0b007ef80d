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

@Suite(.timeLimit(.minutes(3))) struct FileDescriptorIOTests {
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
        #expect(FileDescriptorIO.readToEnd(ends[0]) == .success(bytes))
    }

    @Test func aFailedReadGivesItsErrno() {
        guard case .failure(let failure) = FileDescriptorIO.readToEnd(-1) else {
            Issue.record("reading descriptor -1 succeeded")
            return
        }
        #expect(failure.code == EBADF)
    }

    #if os(Linux)
        @Test func aFailedWriteGivesItsErrnoInsteadOfTrapping() throws {
            let full = open("/dev/full", O_WRONLY)
            try #require(full >= 0)
            defer { close(full) }
            let bytes = Array("ReSwiftThunk: a thunk threw\n".utf8)
            #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeAll(full, $0) } == ENOSPC)
            #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeAll(-1, $0) } == EBADF)
        }
    #endif

    @Test func writesEverythingToAFullNonBlockingPipeAsItDrains() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // A non-blocking write end fills at once (a pipe holds 64 KiB): writeAll waits for the
        // reader instead of giving up on EAGAIN, as a paused terminal needs.
        try #require(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let reader = ends[0]
        let received = Locked<Result<[UInt8], FileDescriptorIO.ReadFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            received.withLock { $0 = FileDescriptorIO.readToEnd(reader) }
            done.signal()
        }
        #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeAll(ends[1], $0) } == 0)
        close(ends[1])
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(received.withLock { $0 } == .success(bytes))
    }
}
