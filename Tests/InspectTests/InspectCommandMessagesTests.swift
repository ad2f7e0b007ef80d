import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the built `reswift-inspect` says to a newcomer's mistakes: a near miss for a mistyped
/// command, a pid that names no inspectable process, its help, and the shape of a usage error.
@Suite(.timeLimit(.minutes(5))) struct InspectCommandMessagesTests {
    /// An empty folder of the user's as `XDG_RUNTIME_DIR`: no app is inspectable there.
    private struct EmptyRuntime {
        let folder: TemporaryDirectory
        var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path] }

        init() throws { folder = try TemporaryDirectory(prefix: "rit-messages", shortPath: true) }
    }

    @Test func aMistypedCommandGetsANearMissWithTheWordQuoted() throws {
        let runtime = try EmptyRuntime()
        let run = try runProduct("reswift-inspect", arguments: ["lsit"], environment: runtime.environment)
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "reswift-inspect: unknown command \"lsit\", and no inspectable app has that name; "
                + "did you mean list?\nRun \"reswift-inspect --help\" to see the options.\n")
        #expect(run.standardOutput.isEmpty)
        #expect(try runtime.folder.contents().isEmpty)
    }

    @Test func aMistypedCommandBeforeAnAppGetsANearMiss() throws {
        let runtime = try EmptyRuntime()
        let run = try runProduct(
            "reswift-inspect", arguments: ["tial", "todo"], environment: runtime.environment)
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "reswift-inspect: unknown command \"tial\"; did you mean tail?\n"
                + "Run \"reswift-inspect --help\" to see the options.\n", "\(run.standardError)")
        let help = try runProduct("reswift-inspect", arguments: ["--help"], environment: runtime.environment)
        #expect(
            help.standardOutput.contains("until the app ends or Ctrl-C stops it"), "\(help.standardOutput)")
    }

    @Test func aNegativeNumberIsAnUnknownOptionNotACommand() throws {
        let runtime = try EmptyRuntime()
        let run = try runProduct("reswift-inspect", arguments: ["-1"], environment: runtime.environment)
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "reswift-inspect: unknown option \"-1\"; the commands are list, tail, record, gen-test\n"
                + "Run \"reswift-inspect --help\" to see the options.\n")
    }

    @Test func anAppThatIsNotRunningIsNamedInQuotesWithWhatToDo() throws {
        let runtime = try EmptyRuntime()
        for arguments in [["nosuchapp"], ["tail", "nosuchapp"]] {
            let run = try runProduct(
                "reswift-inspect", arguments: arguments, environment: runtime.environment)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.standardError.hasPrefix(
                    "reswift-inspect: no inspectable app \"nosuchapp\". Run \"reswift-inspect list\" to see them;"
                ),
                "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains("RESWIFT_INSPECT=1"))
        }
        let hostile = try runProduct(
            "reswift-inspect", arguments: ["tail", "evil\u{1B}[2J"], environment: runtime.environment)
        #expect(hostile.status == 1)
        #expect(hostile.standardError.contains("no inspectable app \"evil␛[2J\""))
        #expect(!hostile.standardError.contains("\u{1B}"))
    }

    @Test func aPidWithNoProcessSaysNoInspectableProcess() throws {
        let runtime = try EmptyRuntime()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let pid = ended.processIdentifier
        try #require(kill(pid, 0) == -1 && errno == ESRCH, "pid \(pid) was taken again")
        for arguments in [["\(pid)"], ["tail", "\(pid)"], ["record", "\(pid)", "--to", "/dev/null"]] {
            let run = try runProduct(
                "reswift-inspect", arguments: arguments, environment: runtime.environment)
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.standardError
                    == "reswift-inspect: no inspectable process \(pid): no process has that pid. "
                    + "Run \"reswift-inspect list\" to see the inspectable apps.\n",
                "\(arguments)")
        }
    }

    @Test func aPidOfAProcessWithoutAnInspectorSaysHowToMakeItInspectable() throws {
        let runtime = try EmptyRuntime()
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.run()
        defer {
            // SIGKILL: a test runner may pass SIGTERM on blocked.
            kill(sleeper.processIdentifier, SIGKILL)
            sleeper.waitUntilExit()
        }
        let pid = sleeper.processIdentifier
        let run = try runProduct("reswift-inspect", arguments: ["\(pid)"], environment: runtime.environment)
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                "reswift-inspect: no inspectable process \(pid): it runs without the inspector."),
            "\(run.standardError)")
        #expect(run.standardError.contains("RESWIFT_INSPECT=1"))
    }

    @Test func helpFitsEightyColumns() throws {
        let run = try runProduct("reswift-inspect", arguments: ["--help"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(line.count <= 80, "\(line.count) columns: \(String(reflecting: String(line)))")
        }
        #expect(run.standardOutput.contains("\nAn app is inspectable while it runs with RESWIFT_INSPECT=1"))
    }

    @Test func usageErrorsEndWithTheHelpHintAndNoBlankLine() throws {
        let runtime = try EmptyRuntime()
        let hint = "Run \"reswift-inspect --help\" to see the options.\n"
        let cases: [[String]] = [
            ["--bogus"],  // refused by the parser
            ["tail", "app", "--format", "xml"],  // refused by the subcommand
            ["app", "--socket", "/nowhere"],  // refused by the interactive form
            ["lsit"],  // a near miss
        ]
        for arguments in cases {
            let run = try runProduct(
                "reswift-inspect", arguments: arguments, environment: runtime.environment)
            #expect(run.status == 2, "\(arguments)")
            #expect(
                run.standardError.hasSuffix(hint), "\(arguments): \(String(reflecting: run.standardError))")
            #expect(
                !run.standardError.hasSuffix("\n\n"), "\(arguments): \(String(reflecting: run.standardError))"
            )
            #expect(run.standardError.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
        }
    }
}
