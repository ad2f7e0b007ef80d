import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel

/// A `/check` answer that can't be used is said as such, never as a network problem: a 1 MB
/// session id, a 10 MB header and a reply that isn't HTTP were "Check your network connection"
/// ("transport error 27") or blamed on the URL.
@Suite(.timeLimit(.minutes(3))) struct CalilOversizeAnswerTests {
    private func client(_ base: URL) -> CalilAvailabilityClient {
        CalilAvailabilityClient(appKey: "b00k-SECRET-key", baseURL: base)
    }

    @Test func aOneMegabyteSessionIdIsSaidToMakeARequestTooLargeToSend() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("{}"), for: "/check")
        let error = await thrownError(CalilError.self) {
            try await client(server.baseURL).poll(session: String(repeating: "s", count: 1 << 20), timeout: 5)
        }
        let message = try #require(error).description
        #expect(message.contains("made a request over 1 MB, too large to send"), "\(message)")
        #expect(!message.contains("network"), "\(message)")
        #expect(server.requests.isEmpty)
    }

    @Test func aTenMegabyteHeaderIsSaidToBeTooLarge() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("{}").withHeaderPadding(bytes: 10 << 20), for: "/check")
        let error = await thrownError(CalilError.self) {
            try await client(server.baseURL).poll(session: "s1", timeout: 5)
        }
        let message = try #require(error).description
        #expect(message.contains("headers larger than the client accepts"), "\(message)")
        #expect(!message.contains("network"), "\(message)")
    }

    @Test func aReplyThatIsNotHTTPIsSaidToBeNotHTTP() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.notHTTP(Data("SSH-2.0-OpenSSH_9.6\r\n".utf8)), for: "/check")
        let error = await thrownError(CalilError.self) {
            try await client(server.baseURL).poll(session: "s1", timeout: 5)
        }
        let message = try #require(error).description
        #expect(message.contains("answered, but the server's answer was not HTTP"), "\(message)")
        #expect(!message.contains("network"), "\(message)")
    }
}
