import Foundation
import TestSupport
import Testing

/// Compiles code written for ReSwift 6 (in the shape of the memory-game tutorial, the
/// ReSwift 101 talk, and the Calil client) against this package's `ReSwift` module, in Swift 6
/// language mode. Only deprecation warnings (for the action creators) are allowed.
@Suite struct SourceCompatibilityTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ReSwift6Sources")

    static let fixtures = ["MemoryGameTutorial.swift", "ReSwift101Talk.swift", "CalilClient.swift"]

    /// The directory holding `ReSwift.swiftmodule` for the build that is running the tests.
    static func modulesDirectory() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(
                atPath: candidate.appendingPathComponent("ReSwift.swiftmodule").path)
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    static func swiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    @Test(arguments: fixtures)
    func compilesUnchangedInSwift6Mode(fixture: String) throws {
        let modules = try #require(
            Self.modulesDirectory(), "the ReSwift module wasn't found next to the tests")
        let compiler = try #require(Self.swiftc(), "swiftc isn't on PATH")
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("reswift-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }

        // Bounded: a compiler that hangs fails this test instead of holding up the suite.
        let run = try runProgram(
            compiler,
            arguments: [
                "-typecheck", "-swift-version", "6", "-I", modules.path,
                "-module-cache-path", cache.path,
                Self.fixturesDirectory.appendingPathComponent(fixture).path,
            ], timeout: 600)
        let output = run.standardOutput + run.standardError

        #expect(run.status == 0, "\(fixture) didn't compile:\n\(output)")
        let diagnostics = output.split(separator: "\n").filter {
            $0.contains("error:") || $0.contains("warning:")
        }
        let unexpected = diagnostics.filter { !$0.contains("deprecated") }
        #expect(unexpected.isEmpty, "unexpected diagnostics:\n\(unexpected.joined(separator: "\n"))")
    }
}
