import Foundation
import TerminalUI
import TestSupport
import Testing

/// What the built `memory-game` costs on its loading screen while the iTunes server accepts the
/// request and never answers (the game waits 4 s before falling back to the offline catalog).
///
/// Not a timing of the code: the bound is about ten times what the screen costs while it waits and
/// a fifth of what it cost when URLSession spun on the socket (71% of a core), so it only catches
/// a program that burns the CPU while it waits.
@Suite(.enabled(if: canMeasureProcessCPUTime, "needs /proc to read a process's CPU time"))
struct MemoryGameWaitingTests {
    @Test func theLoadingScreenWaitsWithoutBurningTheCPU() async throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-wait")
        let dataHome = temporary.url
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.neverAnswer, for: "/search")
        let terminal = try PseudoTerminal(
            product: "memory-game", arguments: ["--api-base", server.baseURL.absoluteString],
            environment: ["XDG_DATA_HOME": dataHome.path, "NO_COLOR": "1"],
            size: TerminalSize(columns: 80, rows: 24))
        defer {
            terminal.terminate(signal: SIGKILL)
            _ = try? terminal.waitForExit()
            terminal.close()
        }
        try terminal.waitForScreen(containing: "› New Game")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await eventually("the request to reach the server") { !server.requests(for: "/search").isEmpty }
        try await Task.sleep(nanoseconds: 200_000_000)
        let spent = try #require(processCPUTime(of: terminal.processIdentifier, during: 3))
        #expect(spent <= 0.5, "memory-game's loading screen used \(spent) s of CPU in 3 s")
    }
}
