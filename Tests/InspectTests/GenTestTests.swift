import Foundation
import ReSwift
import TerminalUI
import TestSupport
import Testing

@testable import ReSwiftInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `record` a session of the in-process app, then `gen-test` it, and compile the result.
@Suite(.serialized, .timeLimit(.minutes(3))) struct GenTestTests {
    @Test func recordsASessionAndWritesATestThatReplaysIt() async throws {
        let app = try InspectedApp()
        app.store.dispatch(AddItem(name: "before recording"))
        let session = app.runtime + "/session.jsonl"
        try await recordSession(app, to: session) { store in
            store.dispatch(AddItem(name: "milk"))
            store.dispatch(AddItem(name: "say \"#hi\"#"))
            store.dispatch(SetNote(note: "done"))
        }
        var status = stat()
        #expect(lstat(session, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)

        let test = app.runtime + "/Generated.swift"
        let run = try runProduct(
            "reswift-inspect", arguments: ["gen-test", session, "--reducer", "shoppingReducer", "--to", test])
        #expect(run.status == 0, "\(run.standardError)")
        let source = try String(contentsOfFile: test, encoding: .utf8)
        #expect(source.contains("@testable import InspectTests"))
        #expect(source.contains("@Suite struct ShoppingRecordedSessionTests"))
        #expect(
            source.contains(
                #"initialState: try decode(InspectTests.ShoppingState.self, "{\"items\":[\"before recording\"]}")"#
            ))
        #expect(
            source.contains(#"let action1 = try decode(InspectTests.AddItem.self, "{\"name\":\"milk\"}")"#))
        #expect(
            source.contains(
                ##"let action2 = try decode(InspectTests.AddItem.self, "{\"name\":\"say \\\"#hi\\\"#\"}")"##))
        #expect(source.contains("store.send(action3) { $0 = state3 }"))
        #expect(!source.contains("action4"))

        try typeCheck(generated: test, in: app.runtime)
    }

    @Test func refusesSessionsWithActionsThatAreNotCodable() async throws {
        let app = try InspectedApp()
        let session = app.runtime + "/session.jsonl"
        try await recordSession(app, to: session) { store in
            store.dispatch(Ping())
            store.dispatch(SetNote(note: "done"))
        }
        let run = try runProduct(
            "reswift-inspect", arguments: ["gen-test", session, "--reducer", "shoppingReducer"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("(Ping) isn't Codable"))
        let noReducer = try runProduct("reswift-inspect", arguments: ["gen-test", session])
        #expect(noReducer.status == 2)
        #expect(noReducer.standardError.contains("gen-test needs --reducer"))
    }

    @Test func refusesASessionPathThatIsAFIFOOrALinkInsteadOfBlockingOrFollowingIt() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.file("fifo.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let session = folder.file("real.jsonl").path
        try Data(#"{"type":"hello","app":"a","stateType":"S"}"#.utf8).write(to: URL(fileURLWithPath: session))
        let link = folder.file("link.jsonl").path
        #expect(symlink(session, link) == 0)

        for (path, reason) in [(fifo, "is not a regular file"), (link, "is a symbolic link")] {
            let run = try runProduct(
                "reswift-inspect", arguments: ["gen-test", path, "--reducer", "appReducer"])
            #expect(run.status == 1)
            #expect(run.standardError.contains("Can't read \(path): it \(reason)"), "\(run.standardError)")
        }
    }

    @Test func stringLiteralsEscapeEveryBackslashQuoteAndInvisibleCharacter() {
        #expect(SwiftStringLiteral.make(#"{"a":1}"#) == #""{\"a\":1}""#)
        #expect(SwiftStringLiteral.make(##"escape \# in markdown"##) == ##""escape \\# in markdown""##)
        #expect(SwiftStringLiteral.make(##"\#(x) \(y) "#"##) == ##""\\#(x) \\(y) \"#""##)
        #expect(
            SwiftStringLiteral.make("a\nb\0\u{1B}\u{7F}\u{9B}\u{202E}\u{2028}")
                == #""a\nb\0\u{1B}\u{7F}\u{9B}\u{202E}\u{2028}""#)
        #expect(SwiftStringLiteral.make("本 👍🏽 é") == "\"本 👍🏽 é\"")
        #expect(TestGenerator.comment("a\nb\u{2028}c") == "a<U+000A>b<U+2028>c")
        #expect(TestGenerator.isTypeName("TodoModel.AddTodo"))
        #expect(!TestGenerator.isTypeName("(unknown context at $1234).Local"))
        #expect(!TestGenerator.isTypeName("Box<Int>"))
        #expect(TestGenerator.typeName(from: "library-finder") == "LibraryFinder")
        #expect(TestGenerator.typeName(from: "9 lives\u{200B}") == "App9Lives")
    }

    @Test func jsonLinesKeepTheirMeaningWithoutCharactersATerminalWouldObey() {
        #expect(
            TerminalText.safeJSONLine("{\"a\":\"\u{7F}\u{9B}\u{202E}\"}")
                == "{\"a\":\"\\u007f\\u009b\\u202e\"}")
        #expect(TerminalText.safeJSONLine("{\"a\":\"milk 🥛\"}") == "{\"a\":\"milk 🥛\"}")
    }

    /// Compiles Fixtures/RecordedApp.swift as the module InspectTests, then type-checks the
    /// generated test against it and the package's built modules.
    private func typeCheck(generated: String, in folder: String) throws {
        let modules = try builtProductURL("reswift-inspect").deletingLastPathComponent()
            .appendingPathComponent(
                "Modules")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RecordedApp.swift")
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let swiftc else {
            print("skipped compiling the generated test: no swiftc found")
            return
        }
        let fixtureModule = folder + "/fixture"
        try FileManager.default.createDirectory(atPath: fixtureModule, withIntermediateDirectories: true)
        try compile(
            swiftc,
            [
                "-parse-as-library", "-emit-module", "-enable-testing", "-module-name", "InspectTests",
                "-I", modules.path, "-emit-module-path", fixtureModule + "/InspectTests.swiftmodule",
                fixture.path,
            ])
        try compile(
            swiftc, ["-parse-as-library", "-typecheck", "-I", fixtureModule, "-I", modules.path, generated])
    }

    private func compile(_ swiftc: String, _ arguments: [String]) throws {
        let run = try runProgram(URL(fileURLWithPath: swiftc), arguments: arguments, timeout: 300)
        #expect(
            run.status == 0,
            "swiftc \(arguments.joined(separator: " ")):\n\(run.standardError)\(run.standardOutput)")
    }
}
