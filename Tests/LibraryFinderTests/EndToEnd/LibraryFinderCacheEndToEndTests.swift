import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The built `library-finder` with a damaged cache: a cache is fetched again, not recovered, its
/// set-aside copies don't pile up, and the former cache's files are swept.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderCacheEndToEndTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    @Test func aDamagedCacheIsFetchedAgainAndOnlyItsLatestCopyIsKept() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text(Fixtures.jsonp(Fixtures.akitaNewer)), for: "/library")
        let home = try temporary.newFolder()
        let folder = home.appendingPathComponent("library-finder")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let former = ["libraries-0123456789abcdef.v2.json", "libraries-0123456789abcdef.v2.json.lock"]
        for name in former + ["notes.txt"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let cache = folder.appendingPathComponent("libraries.json")
        for round in 1...3 {
            try Data("{not json".utf8).write(to: cache)
            let run = try runProduct(
                "library-finder",
                arguments: ["--format", "json", "--api-base", server.baseURL.absoluteString],
                environment: ["XDG_CACHE_HOME": home.path, "CALIL_APPKEY": "cache-e2e-key", "TZ": "UTC"])
            #expect(run.status == 0, "round \(round)")
            #expect(run.standardError.contains("The cached library lists in \(cache.path) were unreadable"))
            #expect(run.standardError.contains("so they are being fetched again from the service"))
            #expect(!run.standardError.contains("recover"))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(
                names.filter { $0.hasPrefix("libraries.json.moved-") }.count == 1, "round \(round): \(names)")
            #expect(names.allSatisfy { !former.contains($0) })
            #expect(names.contains("notes.txt"))
        }
        #expect(server.requests(for: "/library").count == 3)
        // The cache written is whole again.
        #expect(try LibraryList.cacheFile(directory: folder).load()?.answers.count == 1)
    }
}
