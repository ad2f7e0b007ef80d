import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// Runs the built `library-finder` against a loopback server with its output in pipes.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderScriptedTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let key = "e2e-secret-key"

    private func environment(cache: URL, key: String? = nil) -> [String: String] {
        var environment = ["XDG_CACHE_HOME": cache.path, "TZ": "UTC"]
        environment["CALIL_APPKEY"] = key
        return environment
    }

    private func server(_ responses: [LoopbackHTTPServer.Response]) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        server.setResponses(responses, for: "/library")
        return server
    }

    private func document(_ run: ProductRun) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func printsTheNormalizedListAsJSON() throws {
        let server = try server([.text(Fixtures.jsonp(Fixtures.akitaNewer))])
        defer { server.stop() }
        let run = try runProduct(
            "library-finder",
            arguments: ["--format", "json", "--api-base", server.baseURL.absoluteString, "--city", "秋田市"],
            environment: environment(cache: try temporary.newFolder(), key: key))
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let document = try document(run)
        #expect(document["source"] as? String == "network")
        #expect(document["count"] as? Int == 2)
        let libraries = try #require(document["libraries"] as? [[String: Any]])
        #expect(libraries.map { $0["shortName"] as? String } == ["県立図書館", "明徳館"])
        #expect(libraries.map { $0["categoryName"] as? String } == ["Regional library", "Local library"])
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.queryValue("city") == "秋田市")
        #expect(server.requests.first?.queryValue("appkey") == key)
    }

    @Test func withoutAKeyExplainsHowToGetOneAndSendsNothing() throws {
        let server = try server([.json("[]")])
        defer { server.stop() }
        let run = try runProduct(
            "library-finder", arguments: ["--format", "json", "--api-base", server.baseURL.absoluteString],
            environment: environment(cache: try temporary.newFolder()))
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("needs a Calil app key"))
        #expect(run.standardError.contains("export CALIL_APPKEY="))
        #expect(server.requests.isEmpty)
        // UsingLibraryFinder.md shows this run: its sample is the program's text, line for line.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Examples/LibraryFinder/Model/LibraryFinderModel.docc/Articles/UsingLibraryFinder.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: "# no key set\n"))
        let end = try #require(article[start.upperBound...].range(of: "$ echo $?\n"))
        #expect(String(article[start.upperBound..<end.lowerBound]) == run.standardError)
    }

    @Test func reportsAServerErrorWithoutTheKeyAndExitsWithOne() throws {
        let server = try server([.json(#"{"error": "boom for \#(key)"}"#, status: 500)])
        defer { server.stop() }
        let run = try runProduct(
            "library-finder",
            arguments: ["--format", "json", "--api-base", server.baseURL.absoluteString, "--appkey", key],
            environment: environment(cache: try temporary.newFolder()))
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("HTTP 500 (Internal Server Error): boom for …"))
        #expect(!run.standardError.contains(key))
    }

    @Test func fallsBackToTheCachedListWhenTheServiceIsDown() throws {
        let cache = try temporary.newFolder()
        let server = try server([.json(Fixtures.akitaNewer), .text("down", status: 503)])
        defer { server.stop() }
        let arguments = ["--format", "json", "--api-base", server.baseURL.absoluteString]
        let first = try runProduct(
            "library-finder", arguments: arguments, environment: environment(cache: cache, key: key))
        #expect(first.status == 0)
        let second = try runProduct(
            "library-finder", arguments: arguments, environment: environment(cache: cache, key: key))
        #expect(second.status == 0)
        let document = try document(second)
        let firstFetchedAt = try self.document(first)["fetchedAt"] as? String
        #expect(document["source"] as? String == "cache")
        #expect(document["fetchedAt"] as? String == firstFetchedAt)
        #expect(document["count"] as? Int == 2)
        #expect(second.standardError.contains("HTTP 503"))
        #expect(second.standardError.contains("Showing the cached list, fetched "))
        #expect(server.requests.count == 2)
    }

    @Test func rejectsABadOptionWithExitTwo() throws {
        let run = try runProduct(
            "library-finder", arguments: ["--limit", "many"],
            environment: environment(cache: try temporary.newFolder(), key: key))
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "library-finder: --limit needs a whole number from 1 to 10000, not \"many\"\n"
                + "Run \"library-finder --help\" to see the options.\n")
    }

    @Test func printsATableWhenOutputIsNotATerminal() throws {
        let server = try server([.json(Fixtures.akitaNewer)])
        defer { server.stop() }
        let run = try runProduct(
            "library-finder", arguments: ["--api-base", server.baseURL.absoluteString],
            environment: environment(cache: try temporary.newFolder(), key: key))
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Name") == true)
        #expect(lines.contains { $0.hasPrefix("県立図書館") && $0.contains("Regional library") })
        #expect(lines.contains { $0.hasPrefix("明徳館") && $0.contains("018-832-9220") })
        #expect(lines.last?.hasPrefix("2 libraries · 秋田県 · fetched ") == true)
    }
}
