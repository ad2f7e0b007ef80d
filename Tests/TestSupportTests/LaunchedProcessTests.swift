import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(.timeLimit(.minutes(3))) struct LaunchedProcessTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func waitsForLinesWhileTheProgramRunsAndReportsTheSignalThatEndedIt() throws {
        let program = try LaunchedProcess(
            shell, arguments: ["-c", "printf 'first\\nsecond line\\n'; echo oops >&2; exec sleep 60"])
        #expect(try program.waitForLine(containing: "second") == "second line")
        try program.waitForLine("first")
        #expect(program.lines == ["first", "second line"])
        program.kill()
        #expect(try program.waitForExit() == 128 + SIGKILL)
        #expect(program.standardError == "oops\n")
    }

    @Test func aLineThatNeverComesFailsWithTheOutputOnceTheProgramEnds() throws {
        let program = try LaunchedProcess(shell, arguments: ["-c", "echo only; exit 3"])
        let error = thrownError(TestSupportError.self) { try program.waitForLine("missing") }
        #expect(error?.message.contains("before it ended") == true)
        #expect(error?.message.contains("only") == true)
        #expect(try program.waitForExit() == 3)
    }

    @Test func mergedStandardErrorKeepsTheOrderOfWritesAndInputIsPassedOn() throws {
        let program = try LaunchedProcess(
            shell, arguments: ["-c", "echo out; echo err >&2; cat"], standardInput: "typed\n",
            mergingStandardError: true)
        #expect(try program.waitForExit() == 0)
        #expect(program.standardOutput == "out\nerr\ntyped\n")
        #expect(program.standardError.isEmpty)
    }

    @Test func aProgramPastItsDeadlineIsKilledAndTheWaitThrows() throws {
        let program = try LaunchedProcess(shell, arguments: ["-c", "exec sleep 60"])
        let error = thrownError(TestSupportError.self) { try program.waitForExit(timeout: 0.2) }
        #expect(error?.message.contains("did not finish within 0.2 s; it was killed") == true)
        #expect(!program.isRunning)
    }
}
