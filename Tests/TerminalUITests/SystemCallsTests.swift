import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wait behind the event loop, through both of its implementations (poll on Linux, select on
/// Apple platforms, where poll doesn't support terminals).
@Suite struct SystemCallsTests {
    private func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe failed")
        // Close-on-exec, so a child another test starts meanwhile doesn't hold the write end open
        // past the moment this test closes it.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    @Test(arguments: [false, true])
    func waitReportsWhichDescriptorsAreReadable(useSelect: Bool) {
        let first = makePipe()
        let second = makePipe()
        // `first.write` is closed by the test itself: closing it again here could close a
        // descriptor that a test running in parallel has just been given the same number for.
        defer { _ = [first.read, second.read, second.write].map { close($0) } }
        if useSelect && max(first.read, second.read) >= FD_SETSIZE {
            // A busy parallel run can hand out descriptors past select()'s limit; the next test
            // pins what happens then.
            close(first.write)
            return
        }
        func wait(_ timeout: Int32) -> [Bool]? {
            useSelect
                ? SystemCalls.selectForInput([first.read, second.read], timeoutMilliseconds: timeout)
                : SystemCalls.waitForInput([first.read, second.read], timeoutMilliseconds: timeout)
        }
        #expect(wait(10) == [false, false])
        var byte: UInt8 = 7
        _ = write(second.write, &byte, 1)
        #expect(wait(1000) == [false, true])
        _ = read(second.read, &byte, 1)
        close(first.write)
        // Nothing else is readable now, so this returns only once the end-of-file is seen: a child
        // being started elsewhere can hold a copy of the write end until its exec closes it.
        #expect(wait(-1) == [true, false], "end-of-file counts as readable")
        _ = write(second.write, &byte, 1)
        #expect(wait(0) == [true, true])
    }

    @Test func selectRefusesDescriptorsItCannotHold() {
        errno = 0
        #expect(SystemCalls.selectForInput([FD_SETSIZE + 5], timeoutMilliseconds: 0) == nil)
        #expect(errno == EBADF)
        #expect(SystemCalls.selectForInput([-1], timeoutMilliseconds: 0) == nil)
    }
}
