import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path naming a directory, device or pipe is a wrong path, not a corrupt file: it is refused,
/// and nothing there is read, written or moved (moving a folder aside would move the folder).
@Suite(.timeLimit(.minutes(3))) struct NotAFileTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    func expectRefused(_ url: URL, kind: String, _ operation: (PersistedFile<Settings>) throws -> Void) {
        let file = PersistedFile<Settings>(
            url: url, whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
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

    /// A pipe put in the file's place after it was checked is found when it is opened (no
    /// following, no waiting, then `fstat`), instead of leaving the read waiting for a writer.
    @Test func aPipeSwappedInAfterTheCheckIsRefusedWithoutWaiting() throws {
        let url = directory.file("list.json")
        #expect(mkfifo(url.path, 0o600) == 0)
        let file = PersistedFile<Settings>(url: url, whenUnusable: .refuse)
        let outcome = Locked<Result<PersistedFile<Settings>.Contents, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.withLock { $0 = Result { try file.inspect(url.path) } }
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            Issue.record("reading a pipe still waited for a writer after 10 s")
            // Let the read go: a writer that opens and closes gives it an end of file.
            let writer = open(url.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 10)
            return
        }
        guard case .failure(let failure) = outcome.current, let error = failure as? PersistenceError else {
            Issue.record("reading a pipe should fail, got \(String(describing: outcome.current))")
            return
        }
        #expect(error.kind == .notAFile)
        #expect(error.message.contains("it is a pipe, not a file"))
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
