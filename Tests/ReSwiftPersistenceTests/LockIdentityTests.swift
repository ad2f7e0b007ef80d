import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// The lock protects the file itself, whatever path reaches it; a file with several names is never
/// split by a save.
@Suite(.timeLimit(.minutes(5))) struct LockIdentityTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    func listFile(_ url: URL) -> PersistedFile<[String]> {
        PersistedFile(url: url, whenUnusable: .refuse, errorHandler: problems.append)
    }

    /// `list.json -> real/target.json`: the link and the target share one lock file, the target's.
    @Test func aSymbolicLinkAndItsTargetShareOneLock() throws {
        let real = directory.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let target = real.appendingPathComponent("target.json")
        let link = directory.file("list.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/target.json")
        #expect(listFile(link).lockURL.path == target.resolvingSymlinksInPath().path + ".lock")
        #expect(listFile(link).lockURL == listFile(target).lockURL)
    }

    /// Two processes through the link and two through the real path, 25 items each: all 100 kept.
    @Test func writersThroughALinkAndThroughTheRealPathLoseNothing() throws {
        let real = directory.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let target = real.appendingPathComponent("target.json")
        let link = directory.file("list.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/target.json")

        let writers = try [
            (link, "link0"), (link, "link1"), (target, "real0"), (target, "real1"),
        ].map { path, name in try launchWriter(["append", path.path, name, "25"]) }
        for writer in writers {
            #expect(try writer.waitForExit(timeout: 60) == 0, "\(writer.standardOutput)")
        }

        let items = try #require(try listFile(target).read())
        print("symlink race: \(items.count) of 100 items kept")
        #expect(items.count == 100)
        #expect(Set(items).count == 100)
        for name in ["link0", "link1", "real0", "real1"] {
            #expect(items.filter { $0.hasPrefix("\(name)-") } == (0..<25).map { "\(name)-\($0)" })
        }
        var isLink = false
        if let type = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        {
            isLink = type == .typeSymbolicLink
        }
        #expect(isLink, "the link is still a link")
        #expect(try directory.contents() == ["list.json", "real"], "no lock file for the link's own path")
    }

    @Test func aFileWithAnotherHardLinkIsNotReplaced() throws {
        let first = directory.file("list.json")
        let second = directory.file("other-name.json")
        try listFile(first).save(["kept"])
        try FileManager.default.linkItem(at: first, to: second)
        let before = try Data(contentsOf: first)

        for operation in ["save", "update"] {
            do {
                if operation == "save" {
                    try listFile(first).save(["split"])
                } else {
                    try listFile(second).update { $0?.append("split") }
                }
                Issue.record("\(operation) replaced a file with two names")
            } catch let error as PersistenceError {
                #expect(error.kind == .hardLinked)
                #expect(error.reason.contains("2 names"))
                #expect(error.message.contains("nothing was written"))
                #expect(error.message.contains("symbolic links"))
            }
        }
        #expect(try Data(contentsOf: first) == before)
        let inode = { (url: URL) in
            try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber
        }
        #expect(try inode(first) == inode(second), "still one file with two names")
        #expect(try listFile(second).read() == ["kept"], "reading is fine")
    }
}
