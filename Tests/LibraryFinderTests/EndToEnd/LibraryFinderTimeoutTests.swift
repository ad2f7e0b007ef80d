import Foundation
import TestSupport
import Testing

/// `--timeout` is honoured to the fraction of a second, against a server that never answers.
@Suite(.timeLimit(.minutes(5))) struct LibraryFinderTimeoutTests {
    @Test func aSubSecondTimeoutWaitsThatLongThenFails() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("[]").delayed(by: 20), for: "/library")
        let start = Date()
        let run = try runProduct(
            "library-finder",
            arguments: [
                "--api-base", server.baseURL.absoluteString, "--no-cache", "--format", "json", "--timeout",
                "0.5",
            ],
            environment: ["CALIL_APPKEY": "test-key"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(run.status == 1)
        #expect(run.standardError.contains("did not answer within 0.5 seconds"))
        #expect(elapsed >= 0.4, "gave up after \(elapsed) s")
        #expect(elapsed < 3, "gave up after \(elapsed) s")
    }

    @Test func aHugeTimeoutIsAUsageErrorNotACrash() throws {
        let run = try runProduct(
            "library-finder", arguments: ["--timeout", "1e16", "--format", "json"],
            environment: ["CALIL_APPKEY": "test-key"])
        #expect(run.status == 2)
        #expect(
            run.standardError.contains("--timeout needs a number of seconds from 0.1 to 3600, not \"1e16\""))
    }
}
