import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session file holds the app's state, in a path the user gives: a new one is created
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, `0600`; `overwrite` replaces only a regular file of the user's;
/// a symbolic link (another user's, planted in a shared folder) is never written through, and a
/// pipe is never waited on when a session is loaded.
@Suite(.timeLimit(.minutes(3))) struct SessionFileSafetyTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    @Test func aNewSessionFileIsTheUsersOnly() throws {
        let url = folder.file("session.jsonl")
        _ = try SessionRecorder(url: url, registry: todoRegistry)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// `session.jsonl -> elsewhere/new`, dangling: recording used to create `elsewhere/new`.
    @Test func aDanglingSymbolicLinkCreatesNothingWhereItPoints() throws {
        let elsewhere = try folder.newFolder()
        let url = folder.file("session.jsonl")
        #expect(symlink(elsewhere.appendingPathComponent("new").path, url.path) == 0)
        for overwrite in [false, true] {
            #expect(throws: SessionError.self) {
                try SessionRecorder(url: url, registry: todoRegistry, overwrite: overwrite)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// `session.jsonl -> victim`: overwriting used to truncate and write the victim.
    @Test func aSymbolicLinkToAFileIsNotWrittenThroughEvenWithOverwrite() throws {
        let victim = try folder.newFolder().appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: victim)
        let url = folder.file("session.jsonl")
        #expect(symlink(victim.path, url.path) == 0)

        let error = thrownError(SessionError.self) {
            try SessionRecorder(url: url, registry: todoRegistry, overwrite: true)
        }
        #expect(
            error?.description.hasPrefix(
                "\(url.path) was not replaced: it is a symbolic link, not a session file")
                == true, "\(String(describing: error))")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link is still a link")
    }

    @Test func anotherUsersSessionFileIsNotReplaced() throws {
        guard geteuid() == 0 else {
            print("Skipped anotherUsersSessionFileIsNotReplaced: only root can make a file of another user's")
            return
        }
        let url = folder.file("session.jsonl")
        try Data("theirs".utf8).write(to: url)
        #expect(chown(url.path, otherUserID, otherUserID) == 0)
        let error = thrownError(SessionError.self) {
            try SessionRecorder(url: url, registry: todoRegistry, overwrite: true)
        }
        #expect(error?.description.contains("it belongs to another user (uid \(otherUserID))") == true)
        #expect(try String(contentsOf: url, encoding: .utf8) == "theirs")
    }

    @Test func overwritingTheUsersOwnFileKeepsItsMode() throws {
        let url = folder.file("session.jsonl")
        try Data("old".utf8).write(to: url)
        #expect(chmod(url.path, 0o640) == 0)
        let recorder = try SessionRecorder(url: url, registry: todoRegistry, overwrite: true)
        recorder.record(AddTodo(title: "a"))
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("{\"format\""))
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    }

    /// Loading a pipe used to wait for a writer forever.
    @Test func loadingAPipeFailsInsteadOfWaiting() throws {
        let url = folder.file("session.jsonl")
        #expect(mkfifo(url.path, 0o600) == 0)
        let outcome = Collected<String>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try RecordedSession(contentsOf: url, registry: todoRegistry)
                outcome.append("loaded")
            } catch {
                outcome.append("\(error)")
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            Issue.record("loading a pipe still waited for a writer after 10 s")
            let writer = open(url.path, O_WRONLY | O_NONBLOCK)  // let the read end
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 10)
            return
        }
        #expect(outcome.all.count == 1)
        #expect(outcome.all.first?.contains("it is a pipe, not a session file") == true, "\(outcome.all)")
    }
}
