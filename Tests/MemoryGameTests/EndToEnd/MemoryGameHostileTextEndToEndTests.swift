import Foundation
import TerminalUI
import TestSupport
import Testing

/// The live path of the built app against a loopback iTunes server whose album and artist names
/// hold escape sequences: they are drawn as placeholders, never sent to the terminal.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameHostileTextEndToEndTests {
    private typealias Keys = PseudoTerminal.Keys

    /// Ten albums whose names retitle the terminal (OSC … BEL), clear it, and use an 8-bit CSI.
    private static var hostileAlbums: String {
        let results = (0..<10).map { number in
            """
            {"wrapperType": "collection", "artistName": "Evil \(number) \\u001b]0;PWNED\\u0007",
             "collectionName": "Album \(number) \\u001b[2J\\u009b31m",
             "artworkUrl100": "https://is1.example.com/\(number)/100x100bb.jpg"}
            """
        }
        return #"{"resultCount": 10, "results": [\#(results.joined(separator: ","))]}"#
    }

    @Test func albumNamesAreShownWithPlaceholders() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-e2e")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.hostileAlbums), for: "/search")
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--seed", "11", "--category", "Electronic"],
            environment: [
                "XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1",
                "MEMORY_GAME_API_BASE": server.baseURL.absoluteString,
            ],
            size: TerminalSize(columns: 80, rows: 24))

        try await terminal.screen(showing: "› New Game")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "albums from iTunes")
        try terminal.send(Keys.enter)
        try await terminal.screen(showing: "␛]0;PWNED␇ — Album")
        try await terminal.screen(showing: "␛[2J<U+009B>31m")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()

        // Everything the app wrote: no operating system command, no bell, no 8-bit control.
        let output = terminal.outputText
        #expect(output.contains("PWNED"))
        #expect(!output.contains("\u{1B}]"))
        #expect(!output.contains("\u{7}"))
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}

/// `memory-game`'s messages on standard error quote what the user gave: shown, not obeyed.
@Suite(.timeLimit(.minutes(5))) struct MemoryGameHostileArgumentTests {
    @Test func usageErrorShowsAHostileValueWithPlaceholders() throws {
        let run = try runProduct("memory-game", arguments: ["--category", "\u{1B}]0;PWNED\u{7}\u{9B}2J"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("␛]0;PWNED␇<U+009B>2J"))
        #expect(!run.standardError.contains("\u{1B}"))
        #expect(!run.standardError.contains("\u{7}"))
        #expect(!run.standardError.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}
