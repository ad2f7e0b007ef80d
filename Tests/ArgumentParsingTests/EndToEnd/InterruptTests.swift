import Foundation
import TestSupport
import Testing

/// Ctrl-C (a key in raw mode) ends each interactive app with status 130 after giving the
/// terminal back; q still ends it with 0.
@Suite(.timeLimit(.minutes(5))) struct InterruptTests {
    @Test(arguments: [(PseudoTerminal.Keys.ctrlC, Int32(130)), ("q", Int32(0))])
    func todoQuits(key: String, status: Int32) async throws {
        let temporary = try TemporaryDirectory(prefix: "interrupt")
        let data = temporary.url
        let terminal = try PseudoTerminal(
            product: "todo", environment: ["TODO_FILE": data.appendingPathComponent("todo.json").path])
        try await terminal.screen(showing: "0 open")
        try terminal.send(key)
        #expect(try terminal.waitForExit() == status)
        try terminal.verifyTerminalRestored()
    }

    @Test(arguments: [(PseudoTerminal.Keys.ctrlC, Int32(130)), ("q", Int32(0))])
    func memoryGameQuits(key: String, status: Int32) async throws {
        let temporary = try TemporaryDirectory(prefix: "interrupt")
        let data = temporary.url
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--offline"],
            environment: ["XDG_DATA_HOME": data.path, "NO_COLOR": "1"])
        try await terminal.screen(showing: "Choose Category")
        try terminal.send(key)
        #expect(try terminal.waitForExit() == status)
        try terminal.verifyTerminalRestored()
    }

    @Test(arguments: [(PseudoTerminal.Keys.ctrlC, Int32(130)), ("q", Int32(0))])
    func libraryFinderQuits(key: String, status: Int32) async throws {
        let temporary = try TemporaryDirectory(prefix: "interrupt")
        let cache = temporary.url
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("[]"), for: "/library")
        let terminal = try PseudoTerminal(
            product: "library-finder",
            arguments: ["--api-base", server.baseURL.absoluteString, "--no-cache"],
            environment: ["CALIL_APPKEY": "test-key", "XDG_CACHE_HOME": cache.path])
        try await terminal.screen(showing: "0 libraries")
        try terminal.send(key)
        #expect(try terminal.waitForExit() == status)
        try terminal.verifyTerminalRestored()
    }
}
