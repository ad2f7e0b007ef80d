import Foundation
import TerminalUI
import TestSupport
import Testing

/// What the built `library-finder` costs while a server accepts the request and never answers.
///
/// Not a timing of the code: the bound is ten times what waiting costs (about 0.05 s of CPU in
/// 3 s) and a sixth of what it cost when URLSession spun on the socket (3 s in 3 s), so it only
/// catches a program that burns the CPU while it waits.
@Suite(.enabled(if: canMeasureProcessCPUTime, "needs /proc to read a process's CPU time"))
struct LibraryFinderWaitingTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    /// The most CPU seconds allowed while waiting for ``window`` seconds.
    static let bound = 0.5
    static let window: TimeInterval = 3

    private func cpuWhileWaiting(_ arguments: [String]) async throws -> Double {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.neverAnswer, for: "/library")
        let terminal = try PseudoTerminal(
            product: "library-finder",
            arguments: ["--api-base", server.baseURL.absoluteString, "--timeout", "60"] + arguments,
            environment: [
                "CALIL_APPKEY": "waiting-test-key", "XDG_CACHE_HOME": try temporary.newFolder().path,
                "NO_COLOR": "1",
            ],
            size: TerminalSize(columns: 80, rows: 24))
        defer {
            terminal.terminate(signal: SIGKILL)
            _ = try? terminal.waitForExit()
            terminal.close()
        }
        try await eventually("the request to reach the server") { !server.requests(for: "/library").isEmpty }
        try await Task.sleep(nanoseconds: 300_000_000)
        return try #require(processCPUTime(of: terminal.processIdentifier, during: Self.window))
    }

    @Test func printingJSONWaitsWithoutBurningTheCPU() async throws {
        let spent = try await cpuWhileWaiting(["--format", "json"])
        #expect(
            spent <= Self.bound, "library-finder --format json used \(spent) s of CPU in \(Self.window) s")
    }

    @Test func theInteractiveScreenWaitsWithoutBurningTheCPU() async throws {
        let spent = try await cpuWhileWaiting([])
        #expect(
            spent <= Self.bound, "library-finder's loading screen used \(spent) s of CPU in \(Self.window) s")
    }
}
