import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `memory-game`, inspected (`RESWIFT_INSPECT=1`), travels in time: it says so to the
/// inspector, and a jump the inspector sends changes what the screen shows.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameTimeTravelEndToEndTests {
    @Test func whenInspectedTheGameAnnouncesTimeTravelAndAJumpShowsAnEarlierState() async throws {
        let folder = try TemporaryDirectory(prefix: "mg-travel")
        #expect(chmod(folder.path, 0o700) == 0)
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--offline", "--seed", "3"],
            environment: [
                "RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": folder.path,
                "XDG_DATA_HOME": folder.file("data").path, "NO_COLOR": "1",
            ],
            size: TerminalSize(columns: 80, rows: 24))
        try await terminal.screen(showing: "› New Game")
        let inspector = try InspectorLineClient(runtime: folder.path, pid: terminal.processIdentifier)
        let hello = try inspector.line(containing: #""type":"hello""#)
        #expect(hello.contains(#""timeTravel":true"#), "\(hello)")

        // Move the menu's highlight down: a new state in the history.
        try terminal.send(PseudoTerminal.Keys.down)
        try await terminal.screen(showing: "› Choose Category")
        let move = try inspector.line(containing: #""action":"MoveMenuHighlightAction"#)
        let index = try #require(Self.historyIndex(in: move), "\(move)")

        // Back to the state before the move, then forward to the newest again.
        try inspector.send(#"{"command":"jump","index":\#(index - 1)}"#)
        try await terminal.screen(showing: "› New Game")
        try inspector.send(#"{"command":"jump","index":1000}"#)
        try await terminal.screen(showing: "› Choose Category")

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    /// The `historyIndex` of an action event: the index a jump takes to come back to its state.
    private static func historyIndex(in line: String) -> Int? {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["historyIndex"] as? Int
    }
}
