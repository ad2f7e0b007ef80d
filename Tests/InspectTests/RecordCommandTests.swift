import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `reswift-inspect record --to PATH` writes only a new file, or a regular file of the user's: a
/// symbolic link, a FIFO, a hard link or another user's file planted at PATH is refused, untouched.
@Suite(.serialized, .timeLimit(.minutes(5))) struct RecordCommandTests {
    private func record(_ app: InspectedApp, to path: String) throws -> ProductRun {
        try runProduct(
            "reswift-inspect", arguments: ["record", "--socket", app.endpoint.socketPath, "--to", path],
            environment: app.environment)
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    @Test func ctrlCStopsTheRecordingWithASummary() async throws {
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let path = folder.file("s.jsonl").path
        let tool = try LaunchedProcess(
            product: "reswift-inspect",
            arguments: ["record", "--socket", app.endpoint.socketPath, "--to", path],
            environment: app.environment)
        try await eventually("the recording has the initial state") {
            contents(path)?.contains(#""type":"state""#) == true
        }
        app.store.dispatch(AddItem(name: "milk"))
        app.store.dispatch(SetNote(note: "done"))
        try await eventually("both actions are recorded") {
            contents(path)?.contains(#""note":"done""#) == true
        }
        tool.kill(SIGINT)
        #expect(try tool.waitForExit() == 130)
        #expect(
            tool.standardError.contains("Recorded 2 actions to \(path) (stopped with Ctrl-C)."),
            "\(tool.standardError)")
    }

    @Test func refusesASymbolicLinkAndLeavesWhatItPointsToWhole() throws {
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let victim = folder.file("victim").path
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let session = folder.file("s.jsonl").path
        #expect(symlink(victim, session) == 0)

        let run = try record(app, to: session)
        #expect(run.status == 1)
        #expect(run.standardError.contains("is a symbolic link"), "\(run.standardError)")
        #expect(contents(victim) == "precious\n")
        #expect(app.endpoint.statistics.connections == 0)
    }

    @Test func refusesAFIFOWithoutWaitingForAReader() throws {
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let session = folder.file("s.jsonl").path
        #expect(mkfifo(session, 0o600) == 0)

        let run = try record(app, to: session)
        #expect(run.status == 1)
        #expect(run.standardError.contains("not a regular file"), "\(run.standardError)")
        #expect(status(session).map { $0.st_mode & S_IFMT == S_IFIFO } == true)
    }

    @Test func refusesAFileWithAnotherHardLink() throws {
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let original = folder.file("original").path
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: original))
        let session = folder.file("s.jsonl").path
        #expect(link(original, session) == 0)

        let run = try record(app, to: session)
        #expect(run.status == 1)
        #expect(run.standardError.contains("hard link"), "\(run.standardError)")
        #expect(contents(original) == "precious\n")
    }

    @Test func refusesAFileOfAnotherUserThatOthersCouldRead() throws {
        guard geteuid() == 0 else {
            print("skipped: only root can give a file to another user (running as uid \(geteuid()))")
            return
        }
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let session = folder.file("s.jsonl").path
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: session))
        #expect(chmod(session, 0o666) == 0)
        #expect(chown(session, otherUserID, otherUserID) == 0)

        let run = try record(app, to: session)
        #expect(run.status == 1)
        #expect(run.standardError.contains("belongs to user \(otherUserID)"), "\(run.standardError)")
        #expect(contents(session) == "theirs\n")
    }

    @Test func writesANewFileOnlyTheUserCanReadAndReplacesTheUsersOwnKeepingItsMode() async throws {
        let app = try InspectedApp()
        let folder = try TemporaryDirectory()
        let fresh = folder.file("new.jsonl").path
        let own = folder.file("own.jsonl").path
        try Data(String(repeating: "old session\n", count: 1_000).utf8).write(to: URL(fileURLWithPath: own))
        #expect(chmod(own, 0o640) == 0)

        for path in [fresh, own] {
            let tool = try LaunchedProcess(
                product: "reswift-inspect",
                arguments: ["record", "--socket", app.endpoint.socketPath, "--to", path],
                environment: app.environment)
            try await eventually("the recording has the initial state") {
                contents(path)?.contains(#""type":"state""#) == true
            }
            tool.kill()
            _ = try tool.waitForExit()
            let text = try #require(contents(path))
            #expect(text.hasPrefix(#"{"app":"shopping""#))
            #expect(!text.contains("old session"))
        }
        #expect(status(fresh).map { $0.st_mode & 0o777 } == 0o600)
        #expect(status(own).map { $0.st_mode & 0o777 } == 0o640)
    }
}
