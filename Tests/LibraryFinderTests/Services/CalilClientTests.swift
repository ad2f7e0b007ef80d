import Foundation
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

@Suite(.timeLimit(.minutes(3))) struct CalilClientTests {
    private let key = "s3cr3t-KEY+/="

    /// A server answering `/library` with `response`.
    private func server(_ response: LoopbackHTTPServer.Response) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        server.setResponse(response, for: "/library")
        return server
    }

    private func client(_ server: LoopbackHTTPServer, timeout: Double = 5) -> CalilClient {
        CalilClient(appKey: key, baseURL: server.baseURL, timeout: timeout)
    }

    private func failure(_ server: LoopbackHTTPServer, timeout: Double = 5) async -> CalilError? {
        do {
            _ = try await client(server, timeout: timeout).libraries(matching: LibraryQuery())
            return nil
        } catch {
            return error as? CalilError
        }
    }

    @Test func requestsPlainJSONWithTheQuerysParameters() async throws {
        let server = try server(.json(Fixtures.akitaNewer))
        defer { server.stop() }
        let libraries = try await client(server).libraries(matching: LibraryQuery(city: "秋田市", limit: 2))
        #expect(libraries.map(\.id) == ["100431", "100440"])
        let request = try #require(server.requests(for: "/library").first)
        #expect(request.method == "GET")
        #expect(request.queryItems.map(\.name) == ["appkey", "pref", "city", "limit", "format", "callback"])
        #expect(request.queryValue("appkey") == key)
        #expect(request.queryValue("pref") == "秋田県")
        #expect(request.queryValue("city") == "秋田市")
        #expect(request.queryValue("limit") == "2")
        #expect(request.queryValue("format") == "json")
        #expect(request.queryValue("callback") == "")
    }

    @Test func readsAJSONPAnswerAnyway() async throws {
        let server = try server(.text(Fixtures.jsonp(Fixtures.nearOlder)))
        defer { server.stop() }
        let near = LibraryQuery(prefecture: nil, near: Coordinate(longitude: 140.1, latitude: 39.72))
        let libraries = try await client(server).libraries(matching: near)
        #expect(libraries.map(\.distanceKm) == [0.42, 1.25, 2.5])
        #expect(server.requests.first?.queryValue("geocode") == "140.1,39.72")
        #expect(server.requests.first?.queryValue("pref") == nil)
    }

    @Test func returnsAnEmptyList() async throws {
        let server = try server(.json("[]"))
        defer { server.stop() }
        #expect(try await client(server).libraries(matching: LibraryQuery()).isEmpty)
    }

    @Test func reportsAClientErrorWithTheServicesMessage() async throws {
        let server = try server(.json(#"{"error": "appkey \#(key) is not valid"}"#, status: 403))
        defer { server.stop() }
        let error = try #require(await failure(server))
        #expect(error == CalilError(.httpStatus(code: 403, serviceMessage: "appkey … is not valid")))
        #expect(!error.isServiceUnreachable)
        #expect(error.description.contains("HTTP 403 (Forbidden)"))
        #expect(error.description.contains("Check that your app key"))
        #expect(!error.description.contains(key))
    }

    @Test func reportsAServerErrorAsUnreachable() async throws {
        let server = try server(.text("<html>busy</html>", status: 503))
        defer { server.stop() }
        let error = try #require(await failure(server))
        #expect(error == CalilError(.httpStatus(code: 503, serviceMessage: nil)))
        #expect(error.isServiceUnreachable)
        #expect(error.description.contains("try again later"))
    }

    @Test func reportsAMalformedBody() async throws {
        let server = try server(.text("callback([{\"libid\": "))
        defer { server.stop() }
        let error = try #require(await failure(server))
        guard case .unexpectedBody(let detail) = error.kind else {
            Issue.record("expected an unexpected-body error, got \(error)")
            return
        }
        #expect(detail.hasPrefix("not JSON"))
        #expect(!error.isServiceUnreachable)
    }

    @Test func reportsTheServicesOwnErrorInA200() async throws {
        let server = try server(.text(#"callback({"message": "bad key \#(key)"});"#))
        defer { server.stop() }
        let error = try #require(await failure(server))
        #expect(error == CalilError(.serviceError(message: "bad key …")))
    }

    @Test func timesOut() async throws {
        let server = try server(.json("[]").delayed(by: 2))
        defer { server.stop() }
        let error = try #require(await failure(server, timeout: 0.3))
        #expect(error == CalilError(.timedOut(host: "127.0.0.1:\(server.port)", seconds: 0.3)))
        #expect(error.isServiceUnreachable)
    }

    @Test func reportsAConnectionClosedWithoutAnAnswerAsUnreachable() async throws {
        let server = try server(.closeWithoutResponse)
        defer { server.stop() }
        let error = try #require(await failure(server))
        guard case .cannotConnect(let host, _) = error.kind else {
            Issue.record("expected a connection error, got \(error)")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
        #expect(error.isServiceUnreachable)
        #expect(!error.description.contains(key))
    }

    @Test func reportsARefusedConnectionWithoutTheKey() async throws {
        let stopped = try LoopbackHTTPServer()
        stopped.stop()
        let error = try #require(await failure(stopped))
        #expect(
            error
                == CalilError(
                    .cannotConnect(host: "127.0.0.1:\(stopped.port)", detail: "the connection was refused")))
        #expect(error.isServiceUnreachable)
        #expect(!error.description.contains(key))
    }

    @Test func refusesToSendARequestWithoutAKey() async throws {
        let server = try server(.json("[]"))
        defer { server.stop() }
        let client = CalilClient(appKey: "", baseURL: server.baseURL)
        await #expect(throws: CalilError(.missingAppKey)) {
            try await client.libraries(matching: LibraryQuery())
        }
        #expect(server.requests.isEmpty)
    }

    @Test func encodesTheKeyInTheRequestAndScrubsItFromText() {
        let client = CalilClient(appKey: key)
        let url = client.requestURL(for: LibraryQuery())
        #expect(url.absoluteString.contains("appkey=s3cr3t-KEY%2B/%3D"))
        #expect(AppKeyRedaction.scrub("key=\(key) or s3cr3t-KEY%2B%2F%3D", key: key) == "key=… or …")
    }
}
