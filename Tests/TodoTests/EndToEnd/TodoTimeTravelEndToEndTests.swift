import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `todo`, interactive and inspected (`RESWIFT_INSPECT=1`), travels in time: it says
/// so to the inspector, and a jump the inspector sends changes what the screen shows.
@Suite(.timeLimit(.minutes(5))) struct TodoTimeTravelEndToEndTests {
    @Test func whenInspectedTodoAnnouncesTimeTravelAndAJumpShowsAnEarlierState() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let runtime = sandbox.directory.path
        #expect(chmod(runtime, 0o700) == 0)
        try sandbox.run("add", "Buy milk")

        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path],
            environment: [
                "RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime,
                "XDG_DATA_HOME": sandbox.directory.appendingPathComponent("xdg").path,
            ],
            size: .init(columns: 60, rows: 12))
        try await terminal.screen(showing: "1. [ ] Buy milk")
        let inspector = try InspectorLineClient(runtime: runtime, pid: terminal.processIdentifier)
        let hello = try inspector.line(containing: #""type":"hello""#)
        #expect(hello.contains(#""timeTravel":true"#), "\(hello)")

        try terminal.send("a")
        try await terminal.screen(showing: "Add:")
        try terminal.send("Walk the dog")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "2. [ ] Walk the dog")
        _ = try inspector.line(containing: #""action":"SelectTodo"#)

        // Back to the state the app started in: the list before the add, no editor.
        try inspector.send(#"{"command":"jump","index":0}"#)
        let before = try await terminal.screen(description: "the list before the add") {
            $0.contains("1. [ ] Buy milk") && !$0.contains("Walk the dog")
        }
        #expect(before.contains("1 open, 0 done"))
        // And forward to the newest state again (an index past the end is the newest).
        try inspector.send(#"{"command":"jump","index":1000}"#)
        try await terminal.screen(showing: "2. [ ] Walk the dog")

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(try sandbox.list() == ["1. [ ] Buy milk", "2. [ ] Walk the dog"])
    }

    @Test func uninspectedTodoDoesNotListen() async throws {
        let sandbox = try TodoSandbox()
        defer { sandbox.remove() }
        let terminal = try PseudoTerminal(
            product: "todo", arguments: ["--file", sandbox.file.path],
            environment: ["XDG_RUNTIME_DIR": sandbox.directory.path], size: .init(columns: 60, rows: 12))
        try await terminal.screen(showing: "Nothing to do")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.directory.path + "/reswift-inspect"))
    }
}
