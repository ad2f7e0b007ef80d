import Foundation
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// The iTunes Search client against a scripted server on 127.0.0.1.
@Suite(.timeLimit(.minutes(3))) struct ITunesSearchClientTests {
    private static func result(_ number: Int, artwork: Int? = nil) -> String {
        """
        {"wrapperType": "collection", "collectionType": "Album", "artistId": \(100 + number),
         "collectionId": \(1000 + number), "artistName": "Artist \(number)",
         "collectionName": "Album \(number)", "collectionPrice": 9.99, "trackCount": 10,
         "country": "USA", "currency": "USD", "releaseDate": "2001-03-12T08:00:00Z",
         "primaryGenreName": "Rock",
         "artworkUrl60": "https://is1.example.com/\(artwork ?? number)/60x60bb.jpg",
         "artworkUrl100": "https://is1.example.com/\(artwork ?? number)/100x100bb.jpg"}
        """
    }

    private static func body(_ results: [String]) -> String {
        #"{"resultCount": \#(results.count), "results": [\#(results.joined(separator: ","))]}"#
    }

    @Test func fetchesAlbumsForTheCategory() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.body((0..<10).map { Self.result($0) })), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)

        let albums = try await client.albums(for: .rock)

        #expect(albums.count == 10)
        #expect(
            albums.first
                == Album(
                    artist: "Artist 0", title: "Album 0",
                    artworkURL: URL(string: "https://is1.example.com/0/100x100bb.jpg")))
        let request = try #require(server.requests(for: "/search").first)
        #expect(request.method == "GET")
        #expect(request.queryValue("term") == "Rock")
        #expect(request.queryValue("media") == "music")
        #expect(request.queryValue("entity") == "album")
        #expect(request.queryValue("limit") == "50")
    }

    @Test func keepsOneAlbumPerArtworkURL() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let results = [
            Self.result(0), Self.result(1, artwork: 0), Self.result(2), Self.result(3, artwork: 2),
        ]
        server.setResponse(.json(Self.body(results)), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)

        let albums = try await client.albums(for: .pop)

        #expect(albums.map(\.title) == ["Album 0", "Album 2"])
    }

    @Test func httpErrorStatusIsReported() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text("Service Unavailable", status: 503), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)

        await #expect(throws: AlbumSourceError(.httpStatus(503))) {
            try await client.albums(for: .metal)
        }
    }

    @Test func malformedBodyIsReported() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(#"{"resultCount": 1, "results": [{"artistName": "#), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)

        await #expect(throws: AlbumSourceError(.malformedResponse(detail: "not valid JSON"))) {
            try await client.albums(for: .rap)
        }
    }

    @Test func slowServerTimesOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.json(Self.body([Self.result(0)])).delayed(by: 3), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 0.3)

        let error = await thrownError(AlbumSourceError.self) {
            try await client.albums(for: .electronic)
        }
        #expect(error == AlbumSourceError(.timedOut(seconds: 0.3)))
        #expect(error?.isConnectivityProblem == true)
    }

    @Test func refusedConnectionIsAConnectivityProblem() async throws {
        let server = try LoopbackHTTPServer()
        let base = server.baseURL
        server.stop()
        let client = ITunesSearchClient(baseURL: base, timeout: 2)

        let error = await thrownError(AlbumSourceError.self) {
            try await client.albums(for: .rock)
        }
        #expect(error?.isConnectivityProblem == true)
    }

    /// A server that answers with something other than HTTP was reported as unreachable (and
    /// before that as a bad URL): it answered, and the reply is what was wrong.
    @Test func aReplyThatIsNotHTTPIsSaidToBeUnusableNotUnreachable() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.notHTTP(Data("SSH-2.0-OpenSSH_9.6\r\n".utf8)), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)
        let error = await thrownError(AlbumSourceError.self) { try await client.albums(for: .rock) }
        #expect(
            error?.description
                == "The server answered, but the server's answer was not HTTP, so it wasn't used; check that "
                + "--api-base points at the iTunes Search API.")
        #expect(error?.isConnectivityProblem == false)
    }

    /// A 10 MB header was "transport error 27" behind "can't be reached".
    @Test func aTenMegabyteHeaderIsSaidToBeTooLarge() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(
            .json(Self.body([Self.result(0)])).withHeaderPadding(bytes: 10 << 20), for: "/search")
        let client = ITunesSearchClient(baseURL: server.baseURL, timeout: 5)
        let error = await thrownError(AlbumSourceError.self) { try await client.albums(for: .rock) }
        #expect(
            error?.description.contains("headers larger than the client accepts") == true,
            "\(String(describing: error))")
        #expect(error?.description.contains("can't be reached") == false)
        #expect(error?.isConnectivityProblem == false)
    }
}
