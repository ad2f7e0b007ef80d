import Foundation
import TestSupport
import Testing

/// Compiles code written for ReSwift 6 (in the shape of the memory-game tutorial, the
/// ReSwift 101 talk, and the Calil client) against this package's `ReSwift` module, in Swift 6
/// language mode. Only deprecation warnings (for the action creators) are allowed.
@Suite(.timeLimit(.minutes(5))) struct SourceCompatibilityTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ReSwift6Sources")

    static let fixtures = ["MemoryGameTutorial.swift", "ReSwift101Talk.swift", "CalilClient.swift"]

    @Test(arguments: fixtures)
    func compilesUnchangedInSwift6Mode(fixture: String) throws {
        let result = try SwiftSnippetCompiler.typeCheck(
            paths: [Self.fixturesDirectory.appendingPathComponent(fixture)],
            arguments: ["-swift-version", "6"])
        #expect(result.succeeded, "\(fixture) didn't compile:\n\(result.output)")
        let unexpected = result.diagnostics.filter { !$0.contains("deprecated") }
        #expect(unexpected.isEmpty, "unexpected diagnostics:\n\(unexpected.joined(separator: "\n"))")
    }
}
