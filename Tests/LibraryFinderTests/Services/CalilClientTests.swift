import Foundation
import Testing

@testable import LibraryFinderCore

@Suite struct CalilClientTests {
    private let key = "s3cr3t-KEY+/="

    private func client(_ server: MiniLoopbackServer, timeout: Double = 5) -> CalilClient {
        CalilClient(appKey: key, baseURL: server.baseURL, timeout: timeout)
    }

    private func failure(
        _ server: MiniLoopbackServer, query: LibraryQuery = LibraryQuery(), timeout: Double = 5
    ) async -> CalilError? {
        do {
            _ = try await client(server, timeout: timeout).libraries(matching: query)
            return nil
        } catch {
            return error as? CalilError
        }
    }

    @Test func requestsPlainJSONWithTheQuerysParameters() async throws {
        let server = try MiniLoopbackServer([.init(body: Fixtures.akitaNewer)])
        defer { server.stop() }
        let query = LibraryQuery(city: "秋田市", limit: 2)
        let libraries = try await client(server).libraries(matching: query)
        #expect(libraries.map(\.id) == ["100431", "100440"])
        let request = try #require(server.requests.first)
        let components = try #require(URLComponents(string: request))
        #expect(components.path == "/library")
        let items = components.queryItems ?? []
        #expect(items.map(\.name) == ["appkey", "pref", "city", "limit", "format", "callback"])
        #expect(items.first { $0.name == "appkey" }?.value == key)
        #expect(items.first { $0.name == "pref" }?.value == "秋田県")
        #expect(items.first { $0.name == "format" }?.value == "json")
        #expect(items.first { $0.name == "callback" }?.value == "")
    }

    @Test func readsAJSONPAnswerAnyway() async throws {
        let server = try MiniLoopbackServer([.init(body: Fixtures.jsonp(Fixtures.nearOlder))])
        defer { server.stop() }
        let near = LibraryQuery(prefecture: nil, near: Coordinate(longitude: 140.1, latitude: 39.72))
        let libraries = try await client(server).libraries(matching: near)
        #expect(libraries.map(\.distanceKm) == [0.42, 1.25, 2.5])
        #expect(server.requests.first?.contains("geocode=140.1,39.72") == true)
    }

    @Test func returnsAnEmptyList() async throws {
        let server = try MiniLoopbackServer([.init(body: "[]")])
        defer { server.stop() }
        #expect(try await client(server).libraries(matching: LibraryQuery()).isEmpty)
    }

    @Test func reportsAClientErrorWithTheServicesMessage() async throws {
        let server = try MiniLoopbackServer([
            .init(status: 403, body: #"{"error": "appkey \#(key) is not valid"}"#)
        ])
        let error = try #require(await failure(server))
        #expect(error == CalilError(.httpStatus(code: 403, serviceMessage: "appkey … is not valid")))
        #expect(!error.isServiceUnreachable)
        #expect(error.description.contains("HTTP 403 (Forbidden)"))
        #expect(error.description.contains("Check that your app key"))
        #expect(!error.description.contains(key))
    }

    @Test func reportsAServerErrorAsUnreachable() async throws {
        let server = try MiniLoopbackServer([.init(status: 503, body: "<html>busy</html>")])
        defer { server.stop() }
        let error = try #require(await failure(server))
        #expect(error == CalilError(.httpStatus(code: 503, serviceMessage: nil)))
        #expect(error.isServiceUnreachable)
        #expect(error.description.contains("try again later"))
    }

    @Test func reportsAMalformedBody() async throws {
        let server = try MiniLoopbackServer([.init(body: "callback([{\"libid\": ")])
        defer { server.stop() }
        let error = try #require(await failure(server))
        guard case .unexpectedBody(let detail) = error.kind else {
            Issue.record("expected an unexpected-body error, got \(error)")
            return
        }
        #expect(detail.hasPrefix("not JSON"))
    }

    @Test func reportsTheServicesOwnErrorInA200() async throws {
        let server = try MiniLoopbackServer([.init(body: #"callback({"message": "bad key \#(key)"});"#)])
        defer { server.stop() }
        let error = try #require(await failure(server))
        #expect(error == CalilError(.serviceError(message: "bad key …")))
    }

    @Test func timesOut() async throws {
        let server = try MiniLoopbackServer([.init(body: "[]", delay: 2)])
        defer { server.stop() }
        let error = try #require(await failure(server, timeout: 0.3))
        #expect(error == CalilError(.timedOut(host: "127.0.0.1:\(server.port)", seconds: 0.3)))
        #expect(error.isServiceUnreachable)
    }

    @Test func reportsARefusedConnectionWithoutTheKey() async throws {
        let reserved = try MiniLoopbackServer([.init()], listening: false)
        defer { reserved.closeReservedPort() }
        let port = reserved.port
        let client = CalilClient(appKey: key, baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: 2)
        do {
            _ = try await client.libraries(matching: LibraryQuery())
            Issue.record("expected the request to fail")
        } catch let error as CalilError {
            guard case .cannotConnect(let host, let detail) = error.kind else {
                Issue.record("expected a connection error, got \(error)")
                return
            }
            #expect(host == "127.0.0.1:\(port)")
            #expect(detail == "the connection was refused")
            #expect(error.isServiceUnreachable)
            #expect(!error.description.contains(key))
        }
    }

    @Test func refusesToSendARequestWithoutAKey() async throws {
        let server = try MiniLoopbackServer([.init(body: "[]")])
        defer { server.stop() }
        let client = CalilClient(appKey: "", baseURL: server.baseURL)
        await #expect(throws: CalilError(.missingAppKey)) {
            try await client.libraries(matching: LibraryQuery())
        }
        #expect(server.requests.isEmpty)
    }

    @Test func redactsTheKeyFromURLsAndText() {
        let client = CalilClient(appKey: key)
        let url = client.requestURL(for: LibraryQuery())
        #expect(url.absoluteString.contains("appkey=s3cr3t-KEY%2B/%3D"))
        let redacted = AppKeyRedaction.redactedURL(url)
        #expect(!redacted.contains("s3cr3t"))
        #expect(redacted.contains("format=json"))
        #expect(AppKeyRedaction.scrub("key=\(key) or s3cr3t-KEY%2B%2F%3D", key: key) == "key=… or …")
    }
}
