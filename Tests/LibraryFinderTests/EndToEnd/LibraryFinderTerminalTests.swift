import Foundation
import TerminalUI
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Runs the built `library-finder` in a pseudo-terminal against a loopback server.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderTerminalTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let key = "pty-secret-key"

    private func start(
        _ server: LoopbackHTTPServer, arguments: [String] = [], cache: URL? = nil,
        size: TerminalSize = TerminalSize(columns: 80, rows: 24)
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            product: "library-finder", arguments: ["--api-base", server.baseURL.absoluteString] + arguments,
            environment: [
                "CALIL_APPKEY": key, "XDG_CACHE_HOME": try (cache ?? temporary.newFolder()).path,
                "TZ": "UTC",
            ],
            size: size)
    }

    @Test func showsTheCachedListMarkedAsAServiceFailureWhenTheServiceAnswers502() async throws {
        let cache = try temporary.newFolder()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses([.json(Fixtures.akitaNewer), .text("down", status: 502)], for: "/library")
        let first = try start(server, cache: cache)
        try await first.screen(showing: "› 県立図書館")
        try first.send("q")
        #expect(try first.waitForExit() == 0)
        let second = try start(server, cache: cache, size: TerminalSize(columns: 140, rows: 24))
        let offline = try await second.screen(showing: "The service failed: showing the list fetched ")
        #expect(!offline.contains("Offline"))
        #expect(offline.contains("› 県立図書館"))
        #expect(offline.contains("HTTP 502 (Bad Gateway)"))
        try second.send("q")
        #expect(try second.waitForExit() == 0)
        try second.verifyTerminalRestored()
        #expect(server.requests(for: "/library").count == 2)
    }

    @Test func loadsShowsDetailsFiltersAndQuitsRestoringTheTerminal() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Fixtures.akitaNewer).delayed(by: 0.5), for: "/library")
        let terminal = try start(server)
        try await terminal.screen(showing: "Loading libraries…")
        try await terminal.screen(showing: "› 県立図書館")
        let screen = try await terminal.screen(showing: "2 libraries")
        #expect(screen.contains("Regional library"))
        #expect(screen.contains("明徳館"))
        #expect(screen.contains("Address  〒010-0952 秋田県秋田市山王新町14-31"))
        try terminal.send(PseudoTerminal.Keys.down)
        try await terminal.screen(showing: "› 明徳館")
        try await terminal.screen(showing: "Phone    018-832-9220")
        try terminal.send("/")
        try await terminal.screen(showing: "Filter:")
        try terminal.send("県立")
        try await terminal.screen(showing: "1 of 2 libraries")
        try terminal.send(PseudoTerminal.Keys.enter)
        try await terminal.screen(showing: "filter: 県立")
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        #expect(server.requests(for: "/library").count == 1)
        #expect(!terminal.outputText.contains(key))
    }

    @Test func rWhileTheListLoadsSendsNoSecondRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // The first answer is held until the keys were handled, however slow the machine (the
        // server records a request before it asks the handler).
        let release = DispatchSemaphore(value: 0)
        server.setHandler(for: "/library") { [server] _ in
            if server.requests(for: "/library").count == 1 { _ = release.wait(timeout: .now() + 60) }
            return .json(Fixtures.akitaNewer)
        }
        // A timeout longer than the hold: a loaded machine may take a while to show the keys.
        let terminal = try start(server, arguments: ["--no-cache", "--timeout", "60"])
        try await terminal.screen(showing: "Loading libraries…")
        // r, r and R while the list loads, then / : its filter line shows the three were handled.
        try terminal.send("rrR/")
        try await terminal.screen(showing: "Filter: ")
        release.signal()
        try await terminal.screen(showing: "› 県立図書館")
        try terminal.send("\u{1B}")
        try await eventually("the filter line to close") { !terminal.screen.text.contains("Filter: ") }
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(server.requests(for: "/library").count == 1)
    }

    @Test func retriesWithRAfterAFailure() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses(
            [.json(#"{"error": "temporarily unavailable"}"#, status: 503), .json(Fixtures.akitaNewer)],
            for: "/library")
        let terminal = try start(server, size: TerminalSize(columns: 140, rows: 24))
        let failed = try await terminal.screen(
            showing: "HTTP 503 (Service Unavailable): temporarily unavailable")
        #expect(failed.text.replacingOccurrences(of: "\n", with: " ").contains("Press r to retry."))
        #expect(failed.contains("No libraries loaded."))
        try terminal.send("r")
        let loaded = try await terminal.screen(showing: "› 県立図書館")
        #expect(!loaded.contains("retry"))
        #expect(loaded.contains("Fetched "))
        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        try terminal.verifyTerminalRestored()
        #expect(server.requests(for: "/library").count == 2)
    }

    @Test func keepsTheLastListVisibleWhenAReloadFails() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses([.json(Fixtures.akitaNewer), .text("forbidden", status: 403)], for: "/library")
        let terminal = try start(
            server, arguments: ["--no-cache"], size: TerminalSize(columns: 140, rows: 24))
        try await terminal.screen(showing: "› 県立図書館")
        try terminal.send("r")
        let failed = try await terminal.screen(showing: "HTTP 403 (Forbidden)")
        #expect(failed.text.replacingOccurrences(of: "\n", with: " ").contains("Press r to retry."))
        #expect(failed.contains("› 県立図書館"))
        #expect(failed.contains("明徳館"))
        try terminal.send(PseudoTerminal.Keys.ctrlC)
        #expect(try terminal.waitForExit() == 130)
        try terminal.verifyTerminalRestored()
    }
}
