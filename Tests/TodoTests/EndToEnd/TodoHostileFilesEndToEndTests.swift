import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `todo` where another user, or the user's own care, set traps: a lock file that
/// is a symbolic link or a read-only pipe, a read-only list, a read-only folder, and files of the
/// user's that look like a save's leftovers. It refuses with the reason, never waits forever, and
/// changes, creates and removes nothing it shouldn't.
///
/// Root ignores permissions, so where they matter a test runs `todo` as user nobody when the tests
/// run as root (``TodoSandbox/runBoundByPermissions(_:timeout:)``), and as the test's user otherwise.
@Suite struct TodoHostileFilesEndToEndTests {
    /// `ln -s /somewhere/new todo.json.lock`: `todo add` used to create `/somewhere/new`.
    @Test func aLockFileThatIsASymbolicLinkIsRefusedAndNothingIsCreatedThroughIt() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let elsewhere = sandbox.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        let lock = sandbox.file.path + ".lock"
        #expect(symlink(elsewhere.appendingPathComponent("new").path, lock) == 0)

        let add = try sandbox.run("add", "Buy milk")
        #expect(add.status == 1)
        #expect(add.standardOutput.isEmpty)
        #expect(
            add.standardError.hasPrefix(
                "todo: Couldn't lock \(sandbox.file.path): its lock file \(lock) is a symbolic link"),
            "\(add.standardError)")
        #expect(add.standardError.contains("Nothing was changed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(sandbox.contents() == nil)
    }

    /// `mkfifo -m 444 todo.json.lock` by its owner: `todo add` used to wait on it forever.
    @Test func aReadOnlyPipeAsTheLockFileFailsAtOnceInsteadOfWaitingForever() throws {
        guard let user = userBoundByPermissions else {
            print(
                "Skipped aReadOnlyPipeAsTheLockFileFailsAtOnceInsteadOfWaitingForever: \(otherUserUnavailable ?? "")"
            )
            return
        }
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let lock = sandbox.file.path + ".lock"
        #expect(mkfifo(lock, 0o444) == 0)
        #expect(chmod(lock, 0o444) == 0)
        #expect(chown(lock, user, geteuid() == 0 ? user : getegid()) == 0)

        let add: ProductRun
        do {
            add = try sandbox.runBoundByPermissions(["add", "Buy milk"], timeout: 15)
        } catch {
            Issue.record("todo add still waited on the pipe after 15 s (its lock timeout is 5 s): \(error)")
            return
        }
        #expect(add.status == 1)
        #expect(
            add.standardError.hasPrefix(
                "todo: Couldn't lock \(sandbox.file.path): its lock file \(lock) is a pipe, not a plain file"),
            "\(add.standardError)")
        #expect(sandbox.contents() == nil)
    }

    /// The documented way out must not say "there is no file" when the file is there.
    @Test func resetFileInAFolderItCannotWriteSaysSoAndFails() throws {
        guard userBoundByPermissions != nil else {
            print("Skipped resetFileInAFolderItCannotWriteSaysSoAndFails: \(otherUserUnavailable ?? "")")
            return
        }
        let sandbox = try TodoSandbox()
        defer {
            chmod(sandbox.directory.path, 0o755)
            sandbox.remove()
        }
        let damaged = Data("[1,2,3]".utf8)
        try damaged.write(to: sandbox.file)
        #expect(chmod(sandbox.file.path, 0o644) == 0)
        #expect(chmod(sandbox.directory.path, 0o555) == 0)

        let reset = try sandbox.runBoundByPermissions(["reset-file"])
        #expect(reset.status == 1)
        #expect(reset.standardOutput.isEmpty)
        #expect(
            reset.standardError
                == "todo: can't reset: the folder \(sandbox.directory.path) isn't writable, so "
                + "\(sandbox.file.path) can't be moved aside; nothing was changed (get write permission on "
                + "the folder, then try again)\n")
        #expect(sandbox.contents() == damaged)
        #expect(try sandbox.fileNames() == ["todo.json"])
    }

    @Test func aListTheUserMadeReadOnlyIsNotReplaced() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run("add", "Buy milk").status == 0)
        #expect(chmod(sandbox.file.path, 0o400) == 0)
        let before = sandbox.contents()

        let add = try sandbox.run("add", "Walk the dog")
        #expect(add.status == 1)
        #expect(
            add.standardError.hasPrefix(
                "todo: The file \(sandbox.file.path) is read-only (its mode is 400), so it was left as it is"),
            "\(add.standardError)")
        #expect(add.standardError.contains("chmod u+w \(sandbox.file.path)"))
        #expect(sandbox.contents() == before)
        #expect(try sandbox.list() == ["1. [ ] Buy milk"])
    }

    /// `todo list` only reads: it used to remove any old `.todo.json.*.tmp`, the user's own notes
    /// included. A change removes only a dead save's temporary file, named as a save names it.
    @Test func listRemovesNothingAndAChangeRemovesOnlyADeadSavesTemporaryFile() throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.run("add", "Buy milk").status == 0)
        let notes = sandbox.directory.appendingPathComponent(".todo.json.my-notes.tmp")
        let dead = sandbox.directory.appendingPathComponent(".todo.json.\(UUID().uuidString).tmp")
        for leftover in [notes, dead] {
            try Data("leftover".utf8).write(to: leftover)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: leftover.path)
        }
        let before = try sandbox.fileNames()

        #expect(try sandbox.list() == ["1. [ ] Buy milk"])
        #expect(try sandbox.run().status == 0)
        #expect(try sandbox.fileNames() == before, "a read removed a file")

        #expect(try sandbox.run("add", "Walk the dog").status == 0)
        #expect(FileManager.default.contents(atPath: notes.path) == Data("leftover".utf8))
        #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead save's file is swept by a change")
    }
}
