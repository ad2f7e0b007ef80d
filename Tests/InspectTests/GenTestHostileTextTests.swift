import Foundation
import ReSwift
import TerminalUI
import TestSupport
import Testing

@testable import ReSwiftInspect

/// Recorded text is data in the test gen-test writes, whatever backslashes, hashes, quotes and
/// invisible characters it holds: a session whose titles are every such shape becomes a test
/// that compiles, runs, passes, and hands the reducer each title exactly as it was recorded.
@Suite(.serialized, .timeLimit(.minutes(5))) struct GenTestHostileTextTests {
    /// Titles that ended or escaped the raw literals gen-test used to write, and others that
    /// would if a literal counted its delimiters wrong. The first one runs code if it is ever
    /// read as an interpolation: it creates a file beside the test's runner.
    static let titles = [
        "\\#(FileManager.default.createFile(atPath: CommandLine.arguments[0] + String(describing: Int.self), "
            + "contents: nil))",
        "escape \\# in markdown",
        "\\(1 + 1)", "\\##(x)", "\\###(x)", "\\\\#(x)", "\\\\", "\\", "end with a backslash \\",
        "\"", "\"#", "\"##", "#\"", "##\"", "\"\"\"", "\"\"\"#", "\\\"#", "#\"\\",
        "#", "##", #"\u{41} \n \0 \t"#, "line\nbreak\r\nand\rreturn", "nul\0byte",
        "tab\tesc\u{1B}[2J bell\u{7}",
        "del\u{7F} csi\u{9B}", "rtl \u{202E}lave\u{202C} isolate \u{2066}x\u{2069}", "\u{2028}ls \u{2029}ps",
        "nbsp\u{A0} bom\u{FEFF} zwsp\u{200B}", "\u{301}starts with a mark", "日本語の本 📚 👍🏽 👨‍👩‍👧 é",
        "*/ /* // ///", "\u{E000} private use", "\u{FEFF}starts with a byte order mark", "",
    ]

    @Test func everyTitleRoundTripsThroughACompiledAndRunGeneratedTest() async throws {
        let app = try InspectedApp()
        app.store.dispatch(AddItem(name: "before recording"))
        let session = app.runtime + "/session.jsonl"
        try await recordSession(app, to: session) { store in
            for title in Self.titles { store.dispatch(AddItem(name: title)) }
            store.dispatch(SetNote(note: "done"))
        }
        let generated = app.runtime + "/HostileRecordedSessionTests.swift"
        let gen = try runProduct(
            "reswift-inspect",
            arguments: ["gen-test", session, "--reducer", "reportingReducer", "--to", generated])
        #expect(gen.status == 0, "\(gen.standardError)")
        let source = try String(contentsOfFile: generated, encoding: .utf8)
        #expect(
            !TerminalText.needsSanitizing(source, layout: .multiline), "the generated source is safe to show")
        #expect(source.split(separator: "\n").count == 20 + 4 * Self.titles.count, "one line per literal")

        let runner = try await buildWithTheRecordedApp(generated, in: app.runtime)
        let run = try GeneratedTestBuild.run(runner)
        #expect(run.status == 0, "the generated test failed:\n\(run.output)")
        #expect(run.output.contains("passed"), "\(run.output)")
        let reported = run.output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("title "), let data = Data(base64Encoded: String(line.dropFirst(6))) else {
                return nil
            }
            return String(decoding: data, as: UTF8.self)
        }
        #expect(reported.map { Array($0.unicodeScalars) } == Self.titles.map { Array($0.unicodeScalars) })
        let canary = runner + "Int"
        #expect(!FileManager.default.fileExists(atPath: canary), "a recorded title ran as code")
    }

    /// Compiles Fixtures/RecordedApp.swift as the module InspectTests (object and module), and a
    /// reducer that prints each title it is sent (base64) before the app's reducer runs, then
    /// builds the generated test with them.
    private func buildWithTheRecordedApp(_ generated: String, in folder: String) async throws -> String {
        let modules = try builtProductURL("reswift-inspect").deletingLastPathComponent()
            .appendingPathComponent("Modules")
        let swiftc = try #require(
            GeneratedTestBuild.tool("swiftc"), "no swiftc to compile the generated test")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RecordedApp.swift")
        let fixtureModule = folder + "/fixture"
        try FileManager.default.createDirectory(atPath: fixtureModule, withIntermediateDirectories: true)
        try GeneratedTestBuild.execute(
            swiftc,
            [
                "-parse-as-library", "-enable-testing", "-module-name", "InspectTests", "-I", modules.path,
                "-emit-module", "-emit-module-path", fixtureModule + "/InspectTests.swiftmodule", "-wmo",
                "-c", fixture.path, "-o", fixtureModule + "/InspectTests.o",
            ])
        let reporting = folder + "/ReportingReducer.swift"
        try """
        import Foundation
        import ReSwift
        @testable import InspectTests

        func reportingReducer(action: Action, state: ShoppingState?) -> ShoppingState {
            if let add = action as? AddItem { print("title " + Data(add.name.utf8).base64EncodedString()) }
            return shoppingReducer(action: action, state: state)
        }
        """.write(toFile: reporting, atomically: true, encoding: .utf8)
        return try await GeneratedTestBuild.build(
            generated, in: folder, extra: ["-I", fixtureModule, reporting, fixtureModule + "/InspectTests.o"])
    }
}
