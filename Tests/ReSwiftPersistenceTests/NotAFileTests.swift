import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

/// A path naming a directory, device or pipe is a wrong path, not a corrupt file: it is refused,
/// and nothing there is read, written or moved (moving a folder aside would move the folder).
@Suite struct NotAFileTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    func expectRefused(_ url: URL, kind: String, _ operation: (PersistedFile<Settings>) throws -> Void) {
        let file = PersistedFile<Settings>(
            url: url, whenUnusable: .setAsideAndRebuild, problemHandler: problems.append)
        do {
            try operation(file)
            Issue.record("an operation on \(kind) should throw")
        } catch let error as PersistenceError {
            #expect(error.kind == .notAFile)
            #expect(error.fileURL == url)
            #expect(error.message.contains(url.path))
            #expect(error.message.contains("it is \(kind)"))
            #expect(error.message.contains("Nothing was read, written or moved"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(problems.all.isEmpty, "nothing is reported as moved aside")
    }

    @Test func aDirectoryIsRefusedByEveryOperationAndLeftInPlace() throws {
        let folder = directory.file("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("inside.txt"))

        expectRefused(folder, kind: "a directory") { _ = try $0.load() }
        expectRefused(folder, kind: "a directory") {
            try $0.save(Settings(category: "rock", bestScores: [3]))
        }
        expectRefused(folder, kind: "a directory") {
            try $0.update { $0 = Settings(category: "rock", bestScores: [3]) }
        }
        expectRefused(folder, kind: "a directory") { try $0.remove() }

        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("inside.txt"), encoding: .utf8) == "keep me")
        #expect(try directory.contents() == ["data"], "no lock, temporary or moved-aside file was made")
    }

    @Test func aDeviceIsRefused() throws {
        let device = URL(fileURLWithPath: "/dev/null")
        guard FileManager.default.fileExists(atPath: device.path) else { return }
        expectRefused(device, kind: "a device") { _ = try $0.load() }
        #expect(FileManager.default.fileExists(atPath: device.path))
    }

    @Test func aSymbolicLinkToARegularFileIsStillAFile() throws {
        let target = directory.file("target.json")
        let link = directory.file("link.json")
        try PersistedFile<Settings>(url: target, whenUnusable: .setAsideAndRebuild).save(
            Settings(category: "rock", bestScores: [3]))
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(
            try PersistedFile<Settings>(url: link, whenUnusable: .setAsideAndRebuild).load()
                == Settings(category: "rock", bestScores: [3]))
    }
}
