import Foundation
import HTTPTransport
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// `--timeout` covers the whole call: fetching, decoding and scrubbing. An answer that was
/// fetched but not yet read when the time ran out is the same timeout error as a silent server;
/// an answer over the size limit says the server answered, not that it couldn't be reached.
@Suite(.timeLimit(.minutes(3))) struct CalilClientDeadlineTests {
    private static let key = "3f9a0c7be1d24f6a8b5e09c1d7a2f4e6"

    /// A list of `count` libraries, as the service sends it.
    private static func list(_ count: Int) -> String {
        "["
            + (0..<count).map { #"{"libid":"\#($0)","short":"館 \#($0)","formal":"図書館 \#($0)"}"# }
            .joined(separator: ",") + "]"
    }

    @Test func decodingPastTheDeadlineIsTheTimeoutError() throws {
        let expired = CalilError(.timedOut(host: "example.jp", seconds: 5))
        let deadline = AnswerDeadline(seconds: 0, expired: expired)
        #expect(throws: expired) {
            try CalilResponseDecoder.libraries(from: Data(Self.list(10_000).utf8), deadline: deadline)
        }
        // The clock is looked at between batches of work, never before the first: a small answer
        // is finished, however long the wait for it was.
        #expect(
            try CalilResponseDecoder.libraries(from: Data(Self.list(100).utf8), deadline: deadline).count
                == 100)
        // Given time, the same answer decodes.
        let later = AnswerDeadline(seconds: 600, expired: expired)
        #expect(
            try CalilResponseDecoder.libraries(from: Data(Self.list(10).utf8), deadline: later).count == 10)
    }

    @Test func anAnswerOverTheSizeLimitSaysTheServerAnsweredWithWhat() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.list(100)), for: "/library")
        let client = CalilClient(
            appKey: Self.key, baseURL: server.baseURL,
            http: HTTPClient(userAgent: "library-finder", maximumBodySize: 1 << 10))
        var failure: CalilError?
        do {
            _ = try await client.libraries(matching: LibraryQuery())
        } catch {
            failure = error as? CalilError
        }
        let error = try #require(failure)
        let host = "127.0.0.1:\(server.baseURL.port ?? 0)"
        #expect(
            error == CalilError(.unusableAnswer(host: host, detail: "the answer was larger than 1024 bytes")))
        #expect(
            error.description
                == "The Calil API at \(host) answered, but the answer was larger than 1024 bytes, so it was not used. "
                + "Check that --api-base points at the Calil API.")
        #expect(!error.description.contains("Could not reach"))
        #expect(
            CalilError.transport(
                HTTPTransportError(.responseTooLarge), host: "h", timeout: 5, maximumBodySize: 32 << 20
            ).description.contains("larger than 32 MB"))
    }

    /// Each text field is scrubbed and then cut to what can be shown.
    @Test func aHugeFieldIsScrubbedThenCutToTheFieldLimit() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let name = Self.key + String(repeating: "名", count: 200_000)
        server.setResponse(.json(#"[{"libid":"1","short":"\#(name)","formal":"x"}]"#), for: "/library")
        let libraries = try await CalilClient(appKey: Self.key, baseURL: server.baseURL)
            .libraries(matching: LibraryQuery())
        let shown = try #require(libraries.first?.shortName)
        #expect(shown == "…" + String(repeating: "名", count: CalilClient.fieldLimit - 1) + "…")
        #expect(libraries.first?.formalName == "x")
    }
}
