import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Faults in the middle of a save: the process killed, a termination signal, a full disk. The file
/// is always whole, old or new, and nothing is left behind for long.
@Suite(.serialized, .timeLimit(.minutes(5))) struct CrashSafetyTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("list.json") }

    /// A list the save-loop fixture writes: `count` copies of one generation's name.
    func expectWhole(_ items: [String]?, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let items else {
            Issue.record("the file is missing", sourceLocation: sourceLocation)
            return
        }
        #expect(items.count == count, sourceLocation: sourceLocation)
        #expect(Set(items).count == 1, "one generation, whole", sourceLocation: sourceLocation)
    }

    @Test func killingWritersAtRandomPointsLeavesTheFileWhole() throws {
        let iterations = 50
        let count = 3_000
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save([String](repeating: "generation-0", count: count))
        var random = SystemRandomNumberGenerator()
        var replaced = 0
        for _ in 0..<iterations {
            let before = try Data(contentsOf: url)
            let writer = try launchWriter(["save-loop", url.path, "\(count)"])
            try writer.waitForLine("started")
            usleep(UInt32.random(in: 0...60_000, using: &random))
            kill(writer.pid, SIGKILL)
            #expect(try writer.waitForExit() == 128 + SIGKILL)
            let items = try file.read()
            expectWhole(items, count: count)
            if try Data(contentsOf: url) != before { replaced += 1 }
        }
        let leftovers = try temporaryFiles(of: "list.json", in: directory)
        print(
            "kill -9: \(iterations) iterations, file replaced by \(replaced), whole every time; "
                + "\(leftovers.count) temporary files of killed saves left")
        #expect(replaced > 0, "some kills came after a save finished")

        // The killed saves' files are swept once stale, by the next change; a read leaves them.
        for name in leftovers { try age(directory.file(name), by: 3600) }
        expectWhole(try file.read(), count: count)
        #expect(try temporaryFiles(of: "list.json", in: directory) == leftovers)
        try file.update { _ in }
        expectWhole(try file.read(), count: count)
        #expect(try temporaryFiles(of: "list.json", in: directory).isEmpty)
    }

    /// The library installs no signal handlers (signals are the app's business: the todo app
    /// takes them as events of its loop, so its saves finish first). A signal that ends the
    /// process in the middle of a save leaves the old file whole, and its temporary file is swept
    /// by a later change once stale.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalDuringASaveEndsTheProcessAndLeavesTheOldFileWhole(signal: Int32) throws {
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save(["old"])
        let writer = try launchWriter(["save-slowly", url.path, "new"])
        try writer.waitForLine("writing")
        kill(writer.pid, signal)
        let status = try writer.waitForExit()
        #expect(status == 128 + signal, "ended by the signal, in the middle of the save")
        #expect(!writer.standardOutput.contains("saved"))
        #expect(try file.read() == ["old"])
        let leftovers = try temporaryFiles(of: "list.json", in: directory)
        #expect(leftovers.count == 1)
        for name in leftovers { try age(directory.file(name), by: 3600) }
        try file.update { _ in }
        #expect(try temporaryFiles(of: "list.json", in: directory).isEmpty)
    }

    @Test func aFullDiskFailsClearlyAndKeepsTheOldFile() throws {
        let mountPoint = directory.file("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        let mount = try runProgram(
            URL(fileURLWithPath: "/bin/mount"),
            arguments: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path])
        guard mount.status == 0 else {
            let reason = "mount -t tmpfs isn't permitted here: \(mount.standardError)\(mount.standardOutput)"
            print("skipped aFullDiskFailsClearlyAndKeepsTheOldFile: \(reason)")
            #if compiler(>=6.3)
                try Test.cancel(Comment(rawValue: reason))
            #else
                return  // (Test.cancel is Swift Testing 6.3)
            #endif
        }
        defer {
            _ = try? runProgram(
                URL(fileURLWithPath: "/bin/umount"), arguments: ["-l", mountPoint.path])
        }

        let url = mountPoint.appendingPathComponent("list.json")
        let file = PersistedFile<[String]>(url: url, whenUnusable: .refuse)
        try file.save(["small"])
        let before = try Data(contentsOf: url)
        do {
            try file.save([String](repeating: "too big for the disk", count: 5_000))
            Issue.record("a 100 KB save on a 64 KB disk should fail")
        } catch let error as PersistenceError {
            print("disk full: \(error.message)")
            #expect(error.kind == .writeFailed)
            #expect(error.reason.contains("No space left on device"))
            #expect(error.message.contains("The previous contents of the file are unchanged"))
            #expect(error.message.contains("the disk is full"))
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(try file.read() == ["small"])
        let names = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).sorted()
        #expect(names == ["list.json", "list.json.lock"], "the failed save's temporary file is gone")
    }
}
