import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every executable writes through one output path: a standard output or error that fails (a full
/// disk, a closed descriptor) ends the program with exit status 1 and a message on the stream that
/// still works, never a crash; a closed pipe still ends it with SIGPIPE.
@Suite(.timeLimit(.minutes(5))) struct FailedOutputEndToEndTests {
    static let programs = ["library-finder", "memory-game", "todo", "reswift-inspect", "reswift-bench"]

    private static let noSpace = String(cString: strerror(ENOSPC))

    @Test(arguments: programs)
    func aFullStandardOutputIsExitStatusOneWithTheReasonOnStandardError(program: String) throws {
        let run = try runProduct(
            program, arguments: ["--version"], standardOutput: .full, standardError: .captured)
        #expect(run.status == 1, "\(program): \(run.standardError)")
        #expect(run.standardError == "\(program): couldn't write to standard output (\(Self.noSpace))\n")
    }

    /// A usage error whose message can't be shown: the issue's `todo --bogus 2>/dev/full` and
    /// `memory-game --seed x 2>/dev/full` crashed with SIGILL (exit 132).
    @Test(arguments: programs)
    func aFullStandardErrorIsExitStatusOneWithTheReasonOnStandardOutput(program: String) throws {
        let arguments = program == "memory-game" ? ["--seed", "x"] : ["--bogus"]
        let run = try runProduct(
            program, arguments: arguments, standardOutput: .captured, standardError: .full)
        #expect(run.status == 1, "\(program) \(arguments): \(run.standardOutput)")
        #expect(run.standardOutput == "\(program): couldn't write to standard error (\(Self.noSpace))\n")
    }

    @Test(arguments: programs)
    func aClosedStandardErrorIsExitStatusOneWithTheReasonOnStandardOutput(program: String) throws {
        let run = try runProduct(
            program, arguments: ["--bogus"], standardOutput: .captured, standardError: .closed)
        #expect(run.status == 1, "\(program): \(run.standardOutput)")
        #expect(run.standardOutput == "\(program): couldn't write to standard error (it is closed)\n")
    }

    @Test(arguments: programs)
    func bothStreamsFailingIsStillExitStatusOne(program: String) throws {
        let run = try runProduct(
            program, arguments: ["--bogus"], standardOutput: .closed, standardError: .full)
        #expect(run.status == 1, "\(program)")
    }

    /// `program --help | head -0`: the reader went away, and the program ends as a pipeline
    /// expects, by SIGPIPE (128 + 13), without a message.
    @Test(arguments: programs)
    func aClosedPipeStillEndsTheProgramWithSIGPIPE(program: String) throws {
        let run = try runProduct(
            program, arguments: ["--help"], standardOutput: .brokenPipe, standardError: .captured
        )
        #expect(run.status == 128 + SIGPIPE, "\(program): \(run.standardError)")
        #expect(run.standardError.isEmpty)
    }

    /// A message of the library's own (the inspector's "not inspectable") takes the same path: it
    /// used to be written with `FileHandle.write`, which traps when standard error is full.
    @Test func aLibraryMessageThatCantBeWrittenIsExitStatusOne() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("[]"), for: "/library")
        let run = try runProduct(
            "library-finder",
            arguments: ["--format", "json", "--no-cache", "--api-base", server.baseURL.absoluteString],
            environment: ["CALIL_APPKEY": "k", "RESWIFT_INSPECT": "1", "TMPDIR": "/nonexistent"],
            standardOutput: .captured, standardError: .full)
        #expect(run.status == 1, "\(run.standardOutput)")
        #expect(run.standardOutput.contains(#""libraries""#), "the list is still printed")
        #expect(
            run.standardOutput.hasSuffix(
                "library-finder: couldn't write to standard error (\(Self.noSpace))\n"))
    }

    /// The issue's `todo add` on a file with damaged ids: the list is saved first, then the notice
    /// about the repair can't be written; the program used to crash after saving.
    @Test func todoSavesThenReportsTheNoticeItCouldNotWrite() throws {
        let folder = try TemporaryDirectory(prefix: "failed-output")
        let file = folder.file("todo.json")
        let item = { (title: String) in #"{"id":1,"isDone":false,"title":"\#(title)"}"# }
        try Data(
            #"{"schemaVersion":2,"value":{"items":[\#(item("a")),\#(item("b"))],"nextID":1,"undoHistory":[]}}"#
                .utf8
        ).write(to: file)
        let run = try runProduct(
            "todo", arguments: ["add", "c"], environment: ["TODO_FILE": file.path],
            standardOutput: .captured, standardError: .full)
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("Added 3: c\n"), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix("todo: couldn't write to standard error (\(Self.noSpace))\n"))
        let saved = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(saved.contains(#""title" : "c""#), "the new item was saved: \(saved)")
    }
}
