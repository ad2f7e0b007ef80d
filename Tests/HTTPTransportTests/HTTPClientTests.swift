import Foundation
import TestSupport
import Testing

@testable import HTTPTransport

/// The HTTP client against loopback servers, through each backend this platform has.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientTests {
    /// libcurl where it loads (Linux), and URLSession everywhere: both must behave alike.
    static let backends: [HTTPClient.Backend] =
        CurlTransfer.isAvailable ? [.curl, .urlSession] : [.urlSession]

    private func client(_ backend: HTTPClient.Backend, maximumBodySize: Int = 1 << 20) -> HTTPClient {
        HTTPClient(
            userAgent: "http-client-tests", trustedCertificatesFile: nil, maximumBodySize: maximumBodySize,
            backend: backend)
    }

    /// What `body` failed with. Past 20 s the call is cancelled and this throws: every call here
    /// must end by itself (its own timeout is at most 10 s), and one that doesn't fails the test
    /// instead of hanging it.
    private func failure(_ body: () async throws -> HTTPResponse) async throws -> HTTPTransportError.Kind? {
        try await withDeadline("the call to end by itself", seconds: 20) {
            do {
                _ = try await body()
                return nil
            } catch {
                return (error as? HTTPTransportError)?.kind
            }
        }
    }

    @Test(arguments: backends) func returnsTheStatusAndBodyAndSendsTheHeaders(backend: HTTPClient.Backend)
        async throws
    {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(#"{"ok": true}"#), for: "/a")
        let url = try #require(URL(string: "/a?term=J%C3%BCrgen&x=1%2B1", relativeTo: server.baseURL))
        let response = try await client(backend).get(
            url.absoluteURL, headers: ["Accept": "application/json"], timeout: 5)
        #expect(response == HTTPResponse(status: 200, body: Data(#"{"ok": true}"#.utf8)))
        let request = try #require(server.requests(for: "/a").first)
        #expect(request.target == "/a?term=J%C3%BCrgen&x=1%2B1")
        #expect(request.queryValue("term") == "Jürgen")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["user-agent"] == "http-client-tests")
    }

    @Test(arguments: backends) func returnsAnErrorStatusAsAResponse(backend: HTTPClient.Backend) async throws
    {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text("busy", status: 503), for: "/a")
        let response = try await client(backend).get(server.baseURL.appendingPathComponent("a"), timeout: 5)
        #expect(response.status == 503)
        #expect(!response.isSuccess)
        #expect(response.body == Data("busy".utf8))
    }

    @Test(arguments: backends) func followsARedirect(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.redirect(to: "/b?from=a"), for: "/a")
        server.setResponse(.text("here"), for: "/b")
        let response = try await client(backend).get(server.baseURL.appendingPathComponent("a"), timeout: 5)
        #expect(response == HTTPResponse(status: 200, body: Data("here".utf8)))
        #expect(server.requests(for: "/b").first?.queryValue("from") == "a")
    }

    @Test(arguments: backends) func givesUpOnARedirectLoop(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.redirect(to: "/a"), for: "/a")
        let kind = try await failure {
            try await client(backend).get(server.baseURL.appendingPathComponent("a"), timeout: 10)
        }
        #expect(kind == .tooManyRedirects)
    }

    @Test(arguments: backends) func timesOutOnASilentServer(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.neverAnswer, for: "/a")
        let kind = try await failure {
            try await client(backend).get(server.baseURL.appendingPathComponent("a"), timeout: 1)
        }
        #expect(kind == .timedOut)
        // On a loaded machine the deadline can pass before the request is written; what must
        // never happen is a second attempt.
        #expect(server.requests(for: "/a").count <= 1)
    }

    @Test(arguments: backends) func reportsARefusedConnection(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        let url = server.baseURL.appendingPathComponent("a")
        server.stop()
        #expect(try await failure { try await client(backend).get(url, timeout: 5) } == .connectionRefused)
    }

    @Test(arguments: backends) func reportsAConnectionClosedWithoutAnAnswer(backend: HTTPClient.Backend)
        async throws
    {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.closeWithoutResponse, for: "/a")
        let kind = try await failure {
            try await client(backend).get(server.baseURL.appendingPathComponent("a"), timeout: 5)
        }
        #expect(kind == .connectionLost)
    }

    @Test(arguments: backends) func refusesABodyLargerThanTheLimit(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text(String(repeating: "x", count: 100_000)), for: "/a")
        let kind = try await failure {
            try await client(backend, maximumBodySize: 1000).get(
                server.baseURL.appendingPathComponent("a"), timeout: 5)
        }
        #expect(kind == .responseTooLarge)
    }

    @Test(arguments: backends) func refusesAURLThatIsNotHTTP(backend: HTTPClient.Backend) async throws {
        let url = try #require(URL(string: "file:///etc/passwd"))
        #expect(try await failure { try await client(backend).get(url, timeout: 5) } == .unsupportedURL)
    }

    @Test(.timeLimit(.minutes(3)), arguments: backends)
    func returnsAtOnceWhenCancelled(backend: HTTPClient.Backend) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.neverAnswer, for: "/a")
        let client = client(backend)
        let url = server.baseURL.appendingPathComponent("a")
        let task = Task { try await client.get(url, timeout: 600) }
        try await eventually("the request to reach the server") { !server.requests(for: "/a").isEmpty }
        task.cancel()
        // Without cancellation the call would wait out its 600 s timeout.
        await #expect(throws: CancellationError.self) {
            try await task.value(waitingFor: "the cancelled request")
        }
    }

    @Test func clampsExtremeTimeouts() {
        #expect(HTTPClient.milliseconds(0) == 1)
        #expect(HTTPClient.milliseconds(-5) == 1)
        #expect(HTTPClient.milliseconds(0.0004) == 1)
        #expect(HTTPClient.milliseconds(0.5) == 500)
        #expect(HTTPClient.milliseconds(1e16) == Int(Int32.max))
        #expect(HTTPClient.milliseconds(.infinity) == Int(Int32.max))
        #expect(HTTPClient.milliseconds(.nan) == Int(Int32.max))
    }
}

/// HTTPS through libcurl against `openssl s_server` on 127.0.0.1 (skipped without libcurl or openssl).
@Suite(
    .enabled(if: CurlTransfer.isAvailable && LoopbackTLSServer.isAvailable, "needs libcurl and openssl"),
    .timeLimit(.minutes(3)))
struct HTTPClientTLSTests {
    private func client(trusting file: URL?) -> HTTPClient {
        HTTPClient(
            userAgent: "http-client-tests", trustedCertificatesFile: file?.path,
            maximumBodySize: 1 << 20, backend: .curl)
    }

    @Test func fetchesOverHTTPSFromATrustedServer() async throws {
        let server = try LoopbackTLSServer(.statusPage)
        defer { server.stop() }
        let response = try await client(trusting: server.certificateFile).get(server.baseURL, timeout: 10)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("s_server"))
    }

    @Test func refusesAServerWhoseCertificateIsNotTrusted() async throws {
        let server = try LoopbackTLSServer(.statusPage)
        defer { server.stop() }
        await #expect(throws: HTTPTransportError(.secureConnectionFailed)) {
            try await client(trusting: nil).get(server.baseURL, timeout: 10)
        }
    }

    @Test func timesOutOnASilentHTTPSServer() async throws {
        let server = try LoopbackTLSServer(.raw(reply: nil))
        defer { server.stop() }
        await #expect(throws: HTTPTransportError(.timedOut)) {
            // The deadline only keeps a client that ignores its timeout from hanging the suite.
            try await withDeadline("the call's 0.5 s timeout", seconds: 10) {
                try await client(trusting: server.certificateFile).get(server.baseURL, timeout: 0.5)
            }
        }
    }

    @Test func refusesARedirectFromHTTPSToPlainHTTP() async throws {
        let plain = try LoopbackHTTPServer()
        defer { plain.stop() }
        plain.setResponse(.text("in the clear"), for: "/x")
        let reply =
            "HTTP/1.1 302 Found\r\nLocation: \(plain.baseURL.absoluteString)/x\r\nContent-Length: 0\r\n\r\n"
        let server = try LoopbackTLSServer(.raw(reply: reply))
        defer { server.stop() }
        await #expect(throws: HTTPTransportError(.unsupportedURL)) {
            try await client(trusting: server.certificateFile).get(server.baseURL, timeout: 10)
        }
        #expect(plain.requests.isEmpty)
    }
}
