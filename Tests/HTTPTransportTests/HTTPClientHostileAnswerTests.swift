import Foundation
import TestSupport
import Testing

@testable import HTTPTransport

/// Answers (and requests) that libcurl refuses are named for what they are: an answer that isn't
/// HTTP is not a bad URL, and a flood of headers or an overlong request is not a network problem
/// ("transport error 27" before). Through libcurl, the backend Linux uses.
@Suite(.timeLimit(.minutes(3)), .enabled(if: CurlTransfer.isAvailable, "libcurl is the backend here"))
struct HTTPClientHostileAnswerTests {
    let client = HTTPClient(
        userAgent: "http-client-tests", trustedCertificatesFile: nil, maximumBodySize: 1 << 20, backend: .curl
    )

    /// What fetching `url` failed with; `nil` when it succeeded.
    private func failure(_ url: URL) async throws -> HTTPTransportError? {
        try await withDeadline("the call to end by itself", seconds: 20) {
            do {
                _ = try await client.get(url, timeout: 10)
                return nil
            } catch {
                return error as? HTTPTransportError
            }
        }
    }

    @Test func anAnswerThatIsNotHTTPIsSaidToBeNotHTTP() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.notHTTP(Data("SSH-2.0-OpenSSH_9.6\r\nProtocol mismatch.\n".utf8)), for: "/search")
        let error = try await failure(server.baseURL.appendingPathComponent("search"))
        #expect(error?.kind == .badResponse)
        #expect(error?.description == "the server's answer was not HTTP")
    }

    @Test func aTenMegabyteHeaderIsSaidToBeTooLarge() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("{}").withHeaderPadding(bytes: 10 << 20), for: "/search")
        let error = try await failure(server.baseURL.appendingPathComponent("search"))
        #expect(error?.kind == .headersTooLarge)
        #expect(error?.description.contains("headers larger than the client accepts") == true)
    }

    @Test func manyHeadersAreSaidToBeTooLarge() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        var response = LoopbackHTTPServer.Response.json("{}")
        for number in 0..<10_000 {
            response.headers["X-Padding-\(number)"] = String(repeating: "a", count: 40)
        }
        server.setResponse(response, for: "/search")
        let error = try await failure(server.baseURL.appendingPathComponent("search"))
        #expect(error?.kind == .headersTooLarge)
    }

    /// A session id of 1 MB handed back in the next request's address: the request can't be sent.
    @Test func aOneMegabyteRequestIsSaidToBeTooLargeToSend() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json("{}"), for: "/check")
        var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
        components.path = "/check"
        components.queryItems = [URLQueryItem(name: "session", value: String(repeating: "a", count: 1 << 20))]
        let error = try await failure(try #require(components.url))
        #expect(error?.kind == .requestTooLarge)
        #expect(error?.description.contains("network") == false)
        #expect(server.requests.isEmpty)
    }

    /// libcurl 8.6 and later say "too large" (100) where 7.x says "out of memory" (27).
    @Test func libcurlsTooLargeCodesAreToldApartByWhetherTheRequestWasSent() {
        for code: Int32 in [27, 100] {
            #expect(
                CurlTransfer.kind(curlCode: code, errno: 0, status: 200, requestSent: true)
                    == .headersTooLarge)
            #expect(
                CurlTransfer.kind(curlCode: code, errno: 0, status: 0, requestSent: false) == .requestTooLarge
            )
        }
        #expect(CurlTransfer.kind(curlCode: 1, errno: 0, status: 0, requestSent: true) == .badResponse)
        #expect(CurlTransfer.kind(curlCode: 1, errno: 0, status: 0, requestSent: false) == .unsupportedURL)
    }
}
