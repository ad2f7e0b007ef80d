import Foundation
@_spi(FaultInjection) import ReSwiftPersistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk, a read-only mount or a file where a folder should be is said as what it is, never
/// as a permission problem: the advice to get write permission on a folder can't help when the
/// disk has no room or the file system is mounted read-only. The failures are injected (`PersistenceFaultHooks.openFailure`), so
/// these run everywhere; a real read-only tmpfs is used too where `mount` is permitted.
@Suite(.serialized, .timeLimit(.minutes(3))) struct FullOrReadOnlyDiskTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    /// Makes every open of a file in this test's folder that would create or write fail with
    /// `code`, while `body` runs.
    func failingWritableOpens<T>(with code: Int32, _ body: () throws -> T) rethrows -> T {
        let folder = directory.path + "/"
        PersistenceFaultHooks.openFailure = { path, flags in
            guard path.hasPrefix(folder), flags & (O_CREAT | O_WRONLY | O_RDWR) != 0 else { return nil }
            return code
        }
        defer { PersistenceFaultHooks.openFailure = nil }
        return try body()
    }

    /// The error `body` throws, which must be a `PersistenceError`.
    func persistenceError(_ body: () throws -> Void) throws -> PersistenceError {
        do {
            try body()
        } catch let error as PersistenceError {
            return error
        }
        throw TestSupportError("no error was thrown")
    }

    @Test func aFullDiskWhenTheLockFileIsCreatedIsSaidToBeFull() throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        let error = try failingWritableOpens(with: ENOSPC) {
            try persistenceError { try file.save(["milk"]) }
        }
        print("lock file on a full disk: \(error.message)")
        #expect(error.message.contains("the disk is full"), "\(error.message)")
        #expect(error.message.contains("free some space"), "\(error.message)")
        #expect(!error.message.contains("writable"), "\(error.message)")
        #expect(!error.message.contains("plain file of yours"), "\(error.message)")
        #expect(error.message.contains("Nothing was changed"), "\(error.message)")
        #expect(try directory.contents().isEmpty)
    }

    @Test func aReadOnlyMountWhenTheLockFileIsCreatedIsSaidToBeReadOnly() throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        let error = try failingWritableOpens(with: EROFS) {
            try persistenceError { try file.save(["milk"]) }
        }
        print("lock file on a read-only mount: \(error.message)")
        #expect(error.kind == .readOnlyFileSystem)
        expectSaysReadOnly(error.message)
        #expect(try directory.contents().isEmpty)
    }

    @Test func aReadOnlyMountWhenTheFileIsReplacedIsSaidToBeReadOnlyAndKeepsTheFile() throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save(["kept"])
        let before = try Data(contentsOf: url)
        let error = try failingWritableOpens(with: EROFS) {
            try persistenceError { try file.save(["milk"]) }
        }
        print("save on a read-only mount: \(error.message)")
        #expect(error.kind == .readOnlyFileSystem)
        expectSaysReadOnly(error.message)
        #expect(try Data(contentsOf: url) == before)
    }

    /// Mounts a small tmpfs (`options` added to its size) on a new folder, or `nil` with the
    /// reason printed where `mount` isn't permitted. Unmount it with `unmount(_:)`.
    func mountSmallDisk(_ test: String, options: String = "") throws -> URL? {
        let mountPoint = directory.file("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        let mount = try runProgram(
            URL(fileURLWithPath: "/bin/mount"),
            arguments: ["-t", "tmpfs", "-o", "size=64k" + options, "tmpfs", mountPoint.path])
        guard mount.status == 0 else {
            print(
                "skipped \(test): mount -t tmpfs isn't permitted here: \(mount.standardError)\(mount.standardOutput)"
            )
            return nil
        }
        return mountPoint
    }

    func unmount(_ mountPoint: URL) {
        _ = try? runProgram(
            URL(fileURLWithPath: "/bin/umount"), arguments: ["-l", mountPoint.path])
    }

    /// A real tmpfs, remounted read-only after the first save, where `mount` is permitted.
    @Test func aRealReadOnlyRemountIsSaidToBeReadOnly() throws {
        guard let mountPoint = try mountSmallDisk(#function) else { return }
        defer { unmount(mountPoint) }
        let file = PersistedFile<[String]>(
            url: mountPoint.appendingPathComponent("list.json"), whenUnusable: .refuse)
        try file.save(["kept"])
        let remount = try runProgram(
            URL(fileURLWithPath: "/bin/mount"), arguments: ["-o", "remount,ro", mountPoint.path])
        try #require(remount.status == 0, "\(remount.standardError)")
        let error = try persistenceError { try file.save(["milk"]) }
        print("save on a real read-only mount: \(error.message)")
        #expect(error.kind == .readOnlyFileSystem)
        expectSaysReadOnly(error.message)
        #expect(try file.read() == ["kept"])
    }

    /// A real tmpfs with no inode left for the lock file (a tmpfs's root takes one of its two),
    /// where `mount` is permitted.
    @Test func aRealDiskWithNoRoomForTheLockFileIsSaidToBeFull() throws {
        guard let mountPoint = try mountSmallDisk(#function, options: ",nr_inodes=2") else { return }
        defer { unmount(mountPoint) }
        try Data().write(to: mountPoint.appendingPathComponent("filler"))
        let file = PersistedFile<[String]>(
            url: mountPoint.appendingPathComponent("list.json"), whenUnusable: .refuse)
        let error = try persistenceError { try file.save(["milk"]) }
        print("lock file on a real full disk: \(error.message)")
        #expect(error.message.contains("No space left on device"), "\(error.message)")
        #expect(error.message.contains("the disk is full"), "\(error.message)")
        #expect(!error.message.contains("writable"), "\(error.message)")
    }

    /// `XDG_DATA_HOME` pointing at a file: the folder can't be made under it. Foundation's
    /// "NSCocoaErrorDomain error 512" said nothing of why.
    @Test func aFileWhereTheFolderShouldBeIsNamed() throws {
        let notAFolder = directory.file("data")
        try Data("x".utf8).write(to: notAFolder)
        let file = PersistedFile<[String]>(
            url: notAFolder.appendingPathComponent("app/list.json"), whenUnusable: .refuse)
        let error = try persistenceError { try file.save(["milk"]) }
        print("a file where the folder should be: \(error.message)")
        #expect(error.message.contains("\(notAFolder.path) is a file, not a folder"), "\(error.message)")
        #expect(error.message.contains("move \(notAFolder.path) away"), "\(error.message)")
        #expect(!error.message.contains("NSCocoaErrorDomain"), "\(error.message)")
        #expect(try Data(contentsOf: notAFolder) == Data("x".utf8))
    }

    func expectSaysReadOnly(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(message.contains("read-only file system"), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains("remount it read-write"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("write permission"), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains("Nothing was changed"), "\(message)", sourceLocation: sourceLocation)
    }
}
