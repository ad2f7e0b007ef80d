import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// In a folder the user can't write, a change fails saying so (``PersistenceError/Kind-swift.struct/folderNotWritable``)
/// and changes nothing; a file that is there is never taken for no file.
///
/// Root ignores folder permissions, so when the tests run as root the operations run in the
/// PersistenceWriter fixture as user nobody (`setpriv`), in a folder of root's; otherwise they run
/// here, in a folder whose write permission the test took away.
@Suite(.serialized) struct FolderNotWritableTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    /// Runs `set-aside` or `append` (one update) as a user the folder's permissions stop, on a
    /// folder made read-only (0555) for the call.
    ///
    /// - Returns: What the fixture prints: `moved …`, `none` or `error <kind>: <message>` for
    ///   `set-aside`; `PersistenceWriter: <message>` for a failed `append`.
    func runInReadOnlyFolder(_ operation: String) throws -> String? {
        guard userBoundByPermissions != nil else {
            print("Skipped a read-only folder test: \(otherUserUnavailable ?? "")")
            return nil
        }
        #expect(chmod(directory.path, 0o555) == 0)
        defer { chmod(directory.path, 0o755) }
        if geteuid() == 0 {
            let arguments =
                operation == "set-aside" ? [operation, url.path] : [operation, url.path, "x", "1"]
            return try runWriter(arguments, asNobody: true).output
        }
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        do {
            if operation == "set-aside" {
                return (try file.setAside().map { "moved \($0.path)" } ?? "none") + "\n"
            }
            try file.update { $0 = ($0 ?? []) + ["x-0"] }
            return ""
        } catch let error as PersistenceError {
            return operation == "set-aside"
                ? "error \(error.kind): \(error.message)\n" : "PersistenceWriter: \(error.message)\n"
        }
    }

    /// Makes `url` the file of the user the tests run operations as, as a user's own list is.
    func giveToUserBoundByPermissions(_ url: URL) throws {
        guard let user = userBoundByPermissions, geteuid() == 0 else { return }
        #expect(chown(url.path, user, user) == 0)
    }

    /// The lock file can't be created: that used to be taken for "no folder, so no file", and
    /// setting the file aside answered that there was none.
    @Test func settingAsideWhenTheLockFileCantBeCreatedSaysTheFolderIsntWritable() throws {
        try Data(envelope(#"["kept"]"#).utf8).write(to: url)
        try giveToUserBoundByPermissions(url)
        let before = try directory.contents()
        guard let output = try runInReadOnlyFolder("set-aside") else { return }
        print("set-aside in a read-only folder: \(output)")
        #expect(output.hasPrefix("error folder not writable: Couldn't change \(url.path): its folder "))
        #expect(output.contains("isn't writable, so its lock file \(url.path).lock can't be created"))
        #expect(output.contains("Nothing was changed"))
        #expect(try directory.contents() == before)
        #expect(try Data(contentsOf: url).text == envelope(#"["kept"]"#))
    }

    /// The lock file is there (and anyone's to lock), but the folder still can't be written: the
    /// move fails, and says why, without claiming the file "was set aside".
    @Test func settingAsideWhenTheMoveCantBeMadeSaysTheFolderIsntWritable() throws {
        try Data(envelope(#"["kept"]"#).utf8).write(to: url)
        try giveToUserBoundByPermissions(url)
        #expect(FileManager.default.createFile(atPath: url.path + ".lock", contents: nil))
        #expect(chmod(url.path + ".lock", 0o666) == 0)
        let before = try directory.contents()
        guard let output = try runInReadOnlyFolder("set-aside") else { return }
        print("set-aside in a read-only folder with a lock file: \(output)")
        #expect(output.hasPrefix("error folder not writable: Couldn't change \(url.path): its folder "))
        #expect(output.contains("isn't writable, so it can't be moved aside"))
        #expect(!output.contains("was set aside"))
        #expect(try directory.contents() == before)
    }

    @Test func settingAsideNoFileInAFolderThatCantBeWrittenFindsNone() throws {
        guard let output = try runInReadOnlyFolder("set-aside") else { return }
        #expect(output == "none\n")
        #expect(try directory.contents().isEmpty)
    }

    @Test func savingInAFolderThatCantBeWrittenSaysSo() throws {
        guard let output = try runInReadOnlyFolder("append") else { return }
        #expect(output.hasPrefix("PersistenceWriter: Couldn't change \(url.path): its folder "), "\(output)")
        #expect(output.contains("isn't writable, so its lock file \(url.path).lock can't be created"))
        #expect(try directory.contents().isEmpty)
    }
}
