import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Operations that change the file remove the temporary files of its dead saves, and only those:
/// named exactly as a save names them, the user's own, not locked by a live save, and not modified
/// for longer than a save could take. Reads never remove anything.
@Suite struct TemporaryFileSweepTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    enum Operation: String, CaseIterable, Sendable {
        case read, load, save, update, remove, setAside
    }

    /// Leftovers of every sort beside `list.json`, all but `fresh` modified an hour ago.
    struct Leftovers {
        let dead: URL
        let fresh: URL
        let live: URL
        let usersOwn: URL
        let lowerCaseUUID: URL
        let otherFiles: URL

        var all: [URL] { [dead, fresh, live, usersOwn, lowerCaseUUID, otherFiles] }
    }

    func makeLeftovers() throws -> Leftovers {
        let leftovers = Leftovers(
            dead: directory.file(".list.json.\(UUID().uuidString).tmp"),
            fresh: directory.file(".list.json.\(UUID().uuidString).tmp"),
            live: directory.file(".list.json.\(UUID().uuidString).tmp"),
            usersOwn: directory.file(".list.json.my-notes.tmp"),
            lowerCaseUUID: directory.file(".list.json.\(UUID().uuidString.lowercased()).tmp"),
            otherFiles: directory.file(".other.json.\(UUID().uuidString).tmp"))
        for leftover in leftovers.all {
            try Data(#"{"schemaVer"#.utf8).write(to: leftover)
            if leftover != leftovers.fresh { try age(leftover, by: 3600) }
        }
        return leftovers
    }

    /// Runs `operation` on a file holding `["kept"]` while a save in progress holds `live`'s lock.
    func run(_ operation: Operation, _ leftovers: Leftovers) throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        let liveFD = open(leftovers.live.path, O_RDONLY)
        #expect(flock(liveFD, LOCK_EX) == 0)
        defer { close(liveFD) }
        switch operation {
        case .read: #expect(try file.read() == ["kept"])
        case .load: #expect(try file.load() == ["kept"])
        case .save: try file.save(["saved"])
        case .update: try file.update { $0?.append("more") }
        case .remove: try file.remove()
        case .setAside: #expect(try file.setAside() != nil)
        }
    }

    @Test(arguments: [Operation.read, .load])
    func readsNeverRemoveAnything(_ operation: Operation) throws {
        try PersistedFile<[String]>(url: url, whenUnusable: .refuse).save(["kept"])
        let leftovers = try makeLeftovers()
        let before = try directory.contents()
        try run(operation, leftovers)
        #expect(try directory.contents() == before, "a read removed a file")
    }

    @Test(arguments: [Operation.save, .update, .remove, .setAside])
    func changesRemoveOnlyTheirOwnDeadTemporaryFiles(_ operation: Operation) throws {
        try PersistedFile<[String]>(url: url, whenUnusable: .refuse).save(["kept"])
        let leftovers = try makeLeftovers()
        try run(operation, leftovers)
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        #expect(!exists(leftovers.dead), "a dead save's file is swept")
        #expect(exists(leftovers.fresh), "a file modified just now may be a save's")
        #expect(exists(leftovers.live), "a locked file is a live save's")
        #expect(exists(leftovers.usersOwn), "a name a save doesn't make is the user's")
        #expect(exists(leftovers.lowerCaseUUID), "a save writes its UUID in upper case")
        #expect(exists(leftovers.otherFiles), "another file's are left alone")
    }

    @Test func anotherUsersTemporaryFileIsNeverRemoved() throws {
        guard geteuid() == 0 else {
            print(
                "Skipped anotherUsersTemporaryFileIsNeverRemoved: only root can make a file of another user's"
            )
            return
        }
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save(["kept"])
        let theirs = directory.file(".list.json.\(UUID().uuidString).tmp")
        try Data("theirs".utf8).write(to: theirs)
        #expect(chown(theirs.path, otherUserID, otherUserID) == 0)
        try age(theirs, by: 3600)
        try file.save(["saved"])
        #expect(FileManager.default.fileExists(atPath: theirs.path), "root removed another user's file")
    }

    @Test func theNamesASaveMakesAreExactlyTheNamesSwept() {
        let made = POSIX.temporaryFileName(forFileNamed: "list.json")
        #expect(POSIX.isTemporaryFileName(made, forFileNamed: "list.json"))
        for name in [
            ".list.json.tmp", ".list.json..tmp", ".list.json.my-notes.tmp",
            ".list.json.x\(made.dropFirst(11))",
            ".list.json.\(UUID().uuidString)", "list.json.\(UUID().uuidString).tmp",
            ".list.json.\(UUID().uuidString).tmp.tmp", ".list.json.\(UUID().uuidString.lowercased()).tmp",
        ] {
            #expect(!POSIX.isTemporaryFileName(name, forFileNamed: "list.json"), "\(name)")
        }
        #expect(!POSIX.isTemporaryFileName(made, forFileNamed: "list"), "the temporary file of another file")
    }
}
