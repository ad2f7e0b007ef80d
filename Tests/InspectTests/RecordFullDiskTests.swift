import Foundation
import ReSwift
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `record` on a disk that fills up: it says the disk is full (never "Success"), keeps whole
/// lines only, and `gen-test` makes a test of what was recorded. On a 64 KB tmpfs where `mount`
/// is permitted; the short write and ENOSPC themselves are also injected in
/// GenTestOutputPathTests, which runs everywhere.
@Suite(.serialized, .timeLimit(.minutes(5))) struct RecordFullDiskTests {
    @Test func aFullDiskIsSaidSoAndTheSessionKeepsWholeLinesForGenTest() async throws {
        let app = try InspectedApp()
        let small = app.runtime + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try runProgram(
            URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small])
        guard mount.status == 0 else {
            print(
                "skipped: mount -t tmpfs isn't permitted here: \(mount.standardError)\(mount.standardOutput)")
            return
        }
        defer {
            _ = try? runProgram(URL(fileURLWithPath: "/bin/umount"), arguments: ["-l", small])
        }

        let session = small + "/session.jsonl"
        let record = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["record", "shopping", "--to", session],
            environment: app.environment)
        try await eventually("the recorder has the initial state") {
            ((try? String(contentsOfFile: session, encoding: .utf8)) ?? "").contains(#""type":"state""#)
        }
        // Each action's line holds the whole list: the disk fills after a few dozen.
        for number in 0..<200 {
            app.store.dispatch(AddItem(name: "item \(number) " + String(repeating: "x", count: 200)))
        }
        let status = try record.waitForExit()
        let output = record.standardError
        #expect(status == 1, "\(output)")
        #expect(
            output.contains("Can't write \(session): the disk is full (No space left on device)."),
            "\(output)")
        #expect(output.contains("make room and record again"), "\(output)")
        #expect(!output.contains("Success"), "\(output)")
        let data = try #require(FileManager.default.contents(atPath: session))
        #expect(data.last == 0x0A, "the session ends with a whole line")

        let gen = try runProduct(
            "reswift-inspect", arguments: ["gen-test", session, "--reducer", "shoppingReducer"])
        #expect(gen.status == 0, "\(gen.standardError)")
        #expect(gen.standardOutput.contains("store.send(action1)"))
    }
}
