import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `reswift-inspect` against a store in this process.
@Suite(.serialized, .timeLimit(.minutes(5))) struct InspectCommandTests {
    @Test func listShowsTheAppItsPidAndWhenItStarted() throws {
        let app = try InspectedApp()
        let run = try runProduct("reswift-inspect", arguments: ["list"], environment: app.environment)
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("APP") == true)
        let row = try #require(lines.dropFirst().first)
        #expect(row.hasPrefix("shopping  \(getpid()) "))
        let year = Calendar.current.component(.year, from: Date())
        #expect(row.contains(" \(year)-"))
    }

    @Test func listSaysSoWhenNothingIsInspectableAndCreatesNothing() throws {
        let folder = try TemporaryDirectory(prefix: "rit-empty", shortPath: true)
        let runtime = folder.path
        let run = try runProduct(
            "reswift-inspect", arguments: ["list"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("No inspectable apps"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime).isEmpty)
    }

    @Test func tailInJSONLinesPrintsTheProtocolsEvents() async throws {
        let app = try InspectedApp()
        let tail = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["tail", "shopping", "--format", "jsonl"],
            environment: app.environment)
        let hello = try tail.waitForLine(containing: #""type":"hello""#)
        #expect(hello.contains(#""app":"shopping""#))
        try await eventually("the tool is connected") { app.endpoint.statistics.connections == 1 }

        app.store.dispatch(AddItem(name: "milk"))
        let line = try tail.waitForLine(containing: #""type":"action""#)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(event["action"] as? String == "AddItem")
        #expect((event["payload"] as? [String: Any])?["name"] as? String == "milk")
        #expect((event["diff"] as? [[String: Any]])?.first?["path"] as? String == "items[0]")
    }

    @Test func tailInTextPrintsOneLinePerActionWithControlCharactersMadeVisible() async throws {
        let app = try InspectedApp()
        let tail = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["tail", "\(getpid())"], environment: app.environment)
        try await eventually("the tool is connected") { app.endpoint.statistics.connections == 1 }

        app.store.dispatch(AddItem(name: "milk\u{1B}[2J"))
        app.store.dispatch(Ping())
        let add = try tail.waitForLine(containing: "AddItem")
        #expect(add.hasPrefix("#2  AddItem  "))
        #expect(add.contains(#"+ items[0]: "milk"#))
        #expect(!add.contains("\u{1B}"))
        let ping = try tail.waitForLine(containing: "Ping")
        #expect(ping.hasPrefix("#3  Ping  "))
        #expect(ping.hasSuffix("(no state change)"))
        #expect(tail.standardError.contains("Attached to shopping (pid \(getpid()))"))
    }

    @Test func killingTheInspectorMidStreamLeavesTheAppWorking() async throws {
        let app = try InspectedApp()
        let tail = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["tail", "shopping", "--format", "jsonl"],
            environment: app.environment)
        try await eventually("the tool is connected") { app.endpoint.statistics.connections == 1 }
        app.store.dispatch(AddItem(name: "a"))
        try tail.waitForLine(containing: #""type":"action""#)

        kill(tail.pid, SIGKILL)
        _ = try tail.waitForExit()
        for index in 0..<2_000 {
            app.store.dispatch(AddItem(name: "item \(index)"))
        }
        try await eventually("the endpoint dropped the connection") {
            app.endpoint.statistics.connections == 0
        }
        #expect(app.store.state.items.count == 2_001)
    }

    @Test func aStoppedInspectorDoesNotHoldUpDispatch() async throws {
        let app = try InspectedApp()
        let tail = try LaunchedProcess(
            product: "reswift-inspect", arguments: ["tail", "shopping", "--format", "jsonl"],
            environment: app.environment)
        try await eventually("the tool is connected") { app.endpoint.statistics.connections == 1 }
        kill(tail.pid, SIGSTOP)
        defer { kill(tail.pid, SIGCONT) }

        // Generous bound: this only fails if dispatch waited on the stopped reader.
        let start = Date()
        for index in 0..<50_000 {
            app.store.dispatch(SetNote(note: "note \(index)"))
        }
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(app.endpoint.statistics.lost > 0)
        #expect(app.store.state.note == "note 49999")
    }

    @Test func refusesToAttachToAnUnknownAppOrWithABadFormat() throws {
        let app = try InspectedApp()
        let unknown = try runProduct(
            "reswift-inspect", arguments: ["tail", "nosuchapp"], environment: app.environment)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("no inspectable app \"nosuchapp\""))
        let format = try runProduct(
            "reswift-inspect", arguments: ["tail", "shopping", "--format", "xml"],
            environment: app.environment)
        #expect(format.status == 2)
        #expect(format.standardError.contains("--format must be text or jsonl"))
        let missing = try runProduct(
            "reswift-inspect", arguments: ["record", "shopping"], environment: app.environment)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("record needs --to"))
    }

    @Test func anotherUserIsRefusedEvenWhenTheSocketIsReachable() throws {
        if let reason = otherUserUnavailable {
            print("skipped: \(reason)")
            return
        }
        let app = try InspectedApp()
        // Open the way on purpose, so that only the peer check stands between the user and the app.
        let tool = try builtProductURL("reswift-inspect")
        let copy = app.runtime + "/reswift-inspect-tool"
        try FileManager.default.copyItem(atPath: tool.path, toPath: copy)
        for (path, mode) in [(app.runtime, 0o755), (app.runtime + "/reswift-inspect", 0o711)] {
            #expect(chmod(path, mode_t(mode)) == 0)
        }
        #expect(chmod(app.endpoint.socketPath, 0o666) == 0)

        let command = asOtherUser(copy, ["tail", "--socket", app.endpoint.socketPath, "--format", "jsonl"])
        // A process another test starts at the moment of the copy can inherit the copy's open
        // descriptor, and exec then fails with "Text file busy" until that process execs or ends.
        var attempt: ProductRun?
        try eventually("the copy to start without \"Text file busy\"", seconds: 5, checkingEvery: 0.25) {
            attempt = try runProgram(
                URL(fileURLWithPath: command.executable), arguments: command.arguments)
            return attempt?.standardError.contains("Text file busy") == false
        }
        let run = try #require(attempt)
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("hello"))
        #expect(run.standardError.contains("without a greeting"))
        #expect(app.endpoint.statistics.refused == 1)
    }
}
