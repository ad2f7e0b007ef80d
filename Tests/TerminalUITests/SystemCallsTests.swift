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
        close(first.write)
        #expect(wait(-1) == [true, true], "end-of-file counts as readable")
    }

    @Test func selectRefusesDescriptorsItCannotHold() {
        errno = 0
        #expect(SystemCalls.selectForInput([FD_SETSIZE + 5], timeoutMilliseconds: 0) == nil)
        #expect(errno == EBADF)
        #expect(SystemCalls.selectForInput([-1], timeoutMilliseconds: 0) == nil)
    }
}
