import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another process holds the list's lock: the interactive list says so, names the holder, and
/// stays responsive (keys don't each wait out the command line's five-second lock wait).
@Suite(.timeLimit(.minutes(5))) struct TodoHeldLockEndToEndTests {
    /// Runs `body` with `todo` showing a list of one item ("Walk the dog") whose lock the test
    /// process holds, as another `todo` in the middle of a save would.
    private func withTheListLockedByAnotherProcess(
        _ body: (TodoSandbox, PseudoTerminal) async throws -> Void
    ) async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        try sandbox.run("add", "Walk the dog")
        let lockFD = open(sandbox.file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lockFD >= 0)
        defer { close(lockFD) }
        try #require(flock(lockFD, LOCK_EX) == 0)

        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path], size: .init(columns: 100, rows: 16))
        try await terminal.screen(showing: "[ ] Walk the dog")
        try await body(sandbox, terminal)
    }

    @Test func aHeldLockIsSaidOnTheStatusLineAndQQuitsAtOnce() async throws {
        try await withTheListLockedByAnotherProcess { sandbox, terminal in
            try terminal.send("   ")
            try terminal.send("q")
            // Before, each Space waited five seconds for the lock: fifteen seconds before `q`.
            #expect(try terminal.waitForExit(timeout: 5) == 0)
            try terminal.verifyTerminalRestored()
            #expect(try sandbox.list() == ["1. [ ] Walk the dog"])
        }
    }

    @Test func theStatusLineSaysTheListIsBusyAndWhoHoldsIt() async throws {
        try await withTheListLockedByAnotherProcess { _, terminal in
            try terminal.send(" ")
            try await terminal.screen(showing: "is busy")
            try await terminal.screen(showing: "has held its lock")
            #if os(Linux)
                // The holder, by process id (the message wraps after "process").
                #expect(terminal.screen.contains("\(getpid()) ("))
            #endif
            #expect(terminal.screen.contains("[ ] Walk the dog"), "nothing was changed")
            try terminal.send("q")
            #expect(try terminal.waitForExit(timeout: 5) == 0)
        }
    }
}
