import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock file sits in a folder others may write: it is used only when it is a regular file of
/// the user's (or root's). Another user's symbolic link never makes a change create a file
/// elsewhere, and a pipe never makes it wait; either is refused, saying why, and nothing changes.
@Suite(.timeLimit(.minutes(3))) struct LockFileSafetyTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }
    /// The lock file of `url`: `directory` has no symbolic links in its path.
    var lockPath: String { PersistedFile<[String]>(url: url, whenUnusable: .refuse).lockURL.path }

    func listFile() -> PersistedFile<[String]> {
        PersistedFile(url: url, whenUnusable: .refuse, lockTimeout: 1)
    }

    /// Runs `operation`, expecting it to be refused because of the lock file, for `why`.
    func expectLockRefused(
        _ why: String, _ operation: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try operation()
            Issue.record("the lock file should have been refused", sourceLocation: sourceLocation)
        } catch let error as PersistenceError {
            #expect(error.kind == .lockFailed, "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.reason.contains("its lock file \(lockPath) \(why)"), "\(error.reason)")
            #expect(error.message.contains("Nothing was changed"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aSymbolicLinkAsTheLockFileIsRefusedAndNothingIsCreatedThroughIt() throws {
        let elsewhere = try directory.newFolder()
        let target = elsewhere.appendingPathComponent("new")
        #expect(symlink(target.path, lockPath) == 0)

        expectLockRefused("is a symbolic link") { try listFile().save(["a"]) }
        expectLockRefused("is a symbolic link") { try listFile().update { $0 = ["b"] } }
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing was saved")
        try Data(envelope(#"["kept"]"#).utf8).write(to: url)
        expectLockRefused("is a symbolic link") { try listFile().remove() }
        expectLockRefused("is a symbolic link") { _ = try listFile().setAside() }

        #expect(
            try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty,
            "no file was created where the link points")
        #expect(try listFile().read() == ["kept"], "reading takes no lock")
        #expect(try Data(contentsOf: url).text == envelope(#"["kept"]"#))
    }

    @Test func aPipeAsTheLockFileIsRefused() throws {
        #expect(mkfifo(lockPath, 0o666) == 0)
        expectLockRefused("is a pipe, not a plain file") { try listFile().save(["a"]) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aDirectoryAsTheLockFileIsRefused() throws {
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
        expectLockRefused("is a directory, not a plain file") { try listFile().save(["a"]) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    /// `mkfifo -m 444 list.json.lock` by its owner, a user permissions apply to: opening it to
    /// write fails, and opening it to read used to wait for a writer forever, past any lock timeout.
    @Test func aReadOnlyPipeAsTheLockFileFailsAtOnceInsteadOfWaitingForever() throws {
        guard let user = userBoundByPermissions else {
            print(
                "Skipped aReadOnlyPipeAsTheLockFileFailsAtOnceInsteadOfWaitingForever: \(otherUserUnavailable ?? "")"
            )
            return
        }
        #expect(mkfifo(lockPath, 0o444) == 0)
        #expect(chmod(lockPath, 0o444) == 0)
        #expect(chown(lockPath, user, geteuid() == 0 ? user : getegid()) == 0)
        let writer = try launchWriter(["append", url.path, "writer", "1"], asNobody: geteuid() == 0)
        let status: Int32
        do {
            status = try writer.waitForExit(timeout: 15)
        } catch {
            Issue.record("the save still waited on the pipe after 15 s (its lock timeout is 30 s): \(error)")
            return
        }
        #expect(status == 1, "\(writer.standardOutput)")
        #expect(
            writer.standardOutput.contains("its lock file \(lockPath) is a pipe, not a plain file"),
            "\(writer.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func anotherUsersLockFileIsRefused() throws {
        guard geteuid() == 0 else {
            print("Skipped anotherUsersLockFileIsRefused: only root can make a file of another user's")
            return
        }
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        #expect(chmod(lockPath, 0o666) == 0)
        #expect(chown(lockPath, otherUserID, otherUserID) == 0)
        expectLockRefused("belongs to another user (uid \(otherUserID))") { try listFile().save(["a"]) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    /// A lock file of root's is trusted by every user: root set it up.
    @Test func aLockFileOfRootsIsUsedByAnotherUser() throws {
        guard geteuid() == 0, otherUserUnavailable == nil else {
            print("Skipped aLockFileOfRootsIsUsedByAnotherUser: \(otherUserUnavailable ?? "not root")")
            return
        }
        #expect(FileManager.default.createFile(atPath: lockPath, contents: nil))
        #expect(chmod(lockPath, 0o666) == 0)
        #expect(chmod(directory.path, 0o777) == 0)
        let run = try runWriter(["append", url.path, "nobody", "1"], asNobody: true)
        #expect(run.status == 0, "\(run.output)")
        #expect(try listFile().read() == ["nobody-0"])
    }
}
