import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The tests use URLSession's async API, which needs macOS 12 / iOS 15 (Swift Testing doesn't take
// @available on a suite type).
@Suite(.timeLimit(.minutes(3))) struct LoopbackHTTPServerTests {
    /// Fetches `url` with a fresh URLSession; returns the status and body, or the error.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    private func fetch(_ url: URL, timeout: TimeInterval = 5) async -> Result<(Int, Data), Error> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(from: url)
            return .success(((response as? HTTPURLResponse)?.statusCode ?? -1, data))
        } catch {
            return .failure(error)
        }
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func servesTheScriptedStatusHeadersAndBody() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(#"{"ok": true}"#, status: 201), for: "/things")
        let (status, body) = try await fetch(server.baseURL.appendingPathComponent("things")).get()
        #expect(status == 201)
        #expect(String(decoding: body, as: UTF8.self) == #"{"ok": true}"#)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func unscriptedPathGets404NamingIt() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let (status, body) = try await fetch(server.baseURL.appendingPathComponent("nothing")).get()
        #expect(status == 404)
        #expect(String(decoding: body, as: UTF8.self).contains("/nothing"))
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func logsRequestsWithDecodedQueryAndHeaders() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text("found"), for: "/search")
        var components = URLComponents(
            url: server.baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "term", value: "rock & roll"), URLQueryItem(name: "pref", value: "秋田県"),
        ]
        _ = try await fetch(components.url!).get()
        let requests = server.requests(for: "/search")
        #expect(requests.count == 1)
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.queryValue("term") == "rock & roll")
        #expect(requests.first?.queryValue("pref") == "秋田県")
        #expect(requests.first?.headers["host"] == "127.0.0.1:\(server.port)")
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func responsesInTurnThenTheLastRepeats() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponses([.text("busy", status: 503), .text("fine")], for: "/retry")
        let url = server.baseURL.appendingPathComponent("retry")
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await fetch(url).get().0) }
        #expect(statuses == [503, 200, 200])
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func delayMakesTheClientTimeOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(Response.text("late").delayed(by: 3), for: "/slow")
        let result = await fetch(server.baseURL.appendingPathComponent("slow"), timeout: 0.5)
        guard case .failure(let error) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect((error as? URLError)?.code == .timedOut)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func closeWithoutResponseFailsTheRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.closeWithoutResponse, for: "/broken")
        let result = await fetch(server.baseURL.appendingPathComponent("broken"))
        guard case .failure = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(server.requests(for: "/broken").count == 1)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func handlerSeesTheRequestAndBody() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/echo") { request in
            .text("\(request.method) \(String(decoding: request.body, as: UTF8.self))")
        }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("echo"))
        request.httpMethod = "POST"
        request.httpBody = Data("payload".utf8)
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == "POST payload")
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func stopRefusesLaterConnections() async throws {
        let server = try LoopbackHTTPServer()
        server.setResponse(.text("hi"), for: "/")
        let url = server.baseURL.appendingPathComponent("x")
        server.stop()
        server.stop()
        guard case .failure = await fetch(url, timeout: 2) else {
            Issue.record("expected the connection to be refused after stop()")
            return
        }
    }
}

private typealias Response = LoopbackHTTPServer.Response

@Suite(.timeLimit(.minutes(3))) struct LoopbackHTTPServerLargeBodyTests {
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func largePostBodyArrivesWhole() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setHandler(for: "/upload") { request in .text("\(request.body.count)") }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 0x61, count: 200_000)
        request.timeoutInterval = 5
        let (data, _) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == "200000")
    }
}
