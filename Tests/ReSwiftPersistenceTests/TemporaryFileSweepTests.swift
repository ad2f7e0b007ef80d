import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every operation removes the temporary files of its file's dead saves, and only those: not locked
/// by a live save, and not modified for longer than a save could take.
@Suite struct TemporaryFileSweepTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    enum Operation: String, CaseIterable, Sendable {
        case read, load, save, update, remove, setAside
    }

    @Test(arguments: Operation.allCases)
    func everyOperationSweepsOnlyDeadTemporaryFiles(_ operation: Operation) throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save(["kept"])
        let dead = directory.file(".list.json.0B5E2C1A-dead.tmp")
        let fresh = directory.file(".list.json.77AA-fresh.tmp")
        let live = directory.file(".list.json.99BB-live.tmp")
        let otherFiles = directory.file(".other.json.1234.tmp")
        for leftover in [dead, fresh, live, otherFiles] {
            try Data(#"{"schemaVer"#.utf8).write(to: leftover)
        }
        for old in [dead, live, otherFiles] { try age(old, by: 3600) }
        // A save in progress holds its temporary file's lock.
        let liveFD = open(live.path, O_RDONLY)
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

        #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead save's file is swept")
        #expect(
            FileManager.default.fileExists(atPath: fresh.path), "a file modified just now may be a save's")
        #expect(FileManager.default.fileExists(atPath: live.path), "a locked file is a live save's")
        #expect(FileManager.default.fileExists(atPath: otherFiles.path), "another file's are left alone")
    }
}
