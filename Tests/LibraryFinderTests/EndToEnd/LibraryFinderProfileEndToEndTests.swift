import Foundation
import TestSupport
import Testing

/// `RESWIFT_PROFILE=1` makes the built `library-finder` print its dispatch profile on standard
/// error at exit, after the JSON on standard output.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderProfileEndToEndTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private func run(profile: String) throws -> ProductRun {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses([.text(Fixtures.jsonp(Fixtures.akitaNewer))], for: "/library")
        return try runProduct(
            "library-finder",
            arguments: ["--format", "json", "--api-base", server.baseURL.absoluteString, "--city", "秋田市"],
            environment: [
                "XDG_CACHE_HOME": try temporary.newFolder().path, "CALIL_APPKEY": "profile-key",
                "RESWIFT_PROFILE": profile,
            ])
    }

    @Test func theProfileIsPrintedOnStandardErrorWhenAskedFor() throws {
        let run = try run(profile: "1")
        #expect(run.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        #expect(document?["count"] as? Int == 2, "the JSON output is unchanged")
        #expect(run.standardError.hasPrefix("ReSwift profile: "))
        #expect(!run.standardError.contains("profile-key"))
        #expect(!run.standardError.hasPrefix("ReSwift profile: 0 dispatches"))
    }

    @Test func nothingIsPrintedWithoutIt() throws {
        let run = try run(profile: "0")
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
    }
}
