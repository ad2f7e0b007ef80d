import Foundation
import Testing

@testable import LibraryFinderCore

/// Runs the built `library-finder` against a loopback server, output to pipes (`--format json`).
@Suite struct LibraryFinderScriptedTests {
    private let key = "e2e-secret-key"

    private func environment(cache: URL, key: String? = nil) -> [String: String] {
        var environment = [
            "XDG_CACHE_HOME": cache.path, "HOME": cache.path, "TZ": "UTC", "PATH": "/usr/bin:/bin",
        ]
        environment["CALIL_APPKEY"] = key
        return environment
    }

    private func run(_ arguments: [String], environment: [String: String]) async throws -> ProcessResult {
        try await ProcessRunner.run(ProcessRunner.libraryFinder, arguments, environment: environment)
    }

    private func document(_ result: ProcessResult) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func printsTheNormalizedListAsJSON() async throws {
        let server = try MiniLoopbackServer([.init(body: Fixtures.jsonp(Fixtures.akitaNewer))])
        defer { server.stop() }
        let result = try await run(
            ["--format", "json", "--api-base", server.baseURL.absoluteString, "--city", "秋田市"],
            environment: environment(cache: try TemporaryDirectory.make(), key: key))
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let document = try document(result)
        #expect(document["source"] as? String == "network")
        #expect(document["count"] as? Int == 2)
        let libraries = try #require(document["libraries"] as? [[String: Any]])
        #expect(libraries.map { $0["shortName"] as? String } == ["県立図書館", "明徳館"])
        #expect(libraries.map { $0["categoryName"] as? String } == ["Regional library", "Local library"])
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.contains("city=%E7%A7%8B%E7%94%B0%E5%B8%82") == true)
    }

    @Test func withoutAKeyExplainsHowToGetOneAndSendsNothing() async throws {
        let server = try MiniLoopbackServer([.init(body: "[]")])
        defer { server.stop() }
        let result = try await run(
            ["--format", "json", "--api-base", server.baseURL.absoluteString],
            environment: environment(cache: try TemporaryDirectory.make()))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("needs a Calil app key"))
        #expect(result.standardError.contains("export CALIL_APPKEY="))
        #expect(server.requests.isEmpty)
    }

    @Test func reportsAServerErrorWithoutTheKeyAndExitsWithOne() async throws {
        let server = try MiniLoopbackServer([.init(status: 500, body: #"{"error": "boom for \#(key)"}"#)])
        defer { server.stop() }
        let result = try await run(
            ["--format", "json", "--api-base", server.baseURL.absoluteString, "--appkey", key],
            environment: environment(cache: try TemporaryDirectory.make()))
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("HTTP 500 (Internal Server Error): boom for …"))
        #expect(!result.standardError.contains(key))
    }

    @Test func fallsBackToTheCachedListWhenTheServiceIsDown() async throws {
        let cache = try TemporaryDirectory.make()
        let server = try MiniLoopbackServer([.init(body: Fixtures.akitaNewer), .init(status: 503)])
        defer { server.stop() }
        let arguments = ["--format", "json", "--api-base", server.baseURL.absoluteString]
        let first = try await run(arguments, environment: environment(cache: cache, key: key))
        #expect(first.status == 0)
        let second = try await run(arguments, environment: environment(cache: cache, key: key))
        #expect(second.status == 0)
        let document = try document(second)
        #expect(document["source"] as? String == "cache")
        #expect(document["fetchedAt"] as? String == (try self.document(first))["fetchedAt"] as? String)
        #expect(document["count"] as? Int == 2)
        #expect(second.standardError.contains("HTTP 503"))
        #expect(second.standardError.contains("Showing the list cached at "))
        #expect(server.requests.count == 2)
    }

    @Test func rejectsABadOptionWithExitTwo() async throws {
        let result = try await run(
            ["--limit", "many"], environment: environment(cache: try TemporaryDirectory.make(), key: key))
        #expect(result.status == 2)
        #expect(result.standardError == "library-finder: --limit wants a whole number above 0, not 'many'.\n")
    }
}
