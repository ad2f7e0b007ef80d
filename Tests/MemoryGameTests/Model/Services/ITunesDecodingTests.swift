import Foundation
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct ITunesDecodingTests {
    @Test func decodesAlbumsAndDropsDuplicateArtwork() throws {
        let body = Data(
            """
            {"resultCount": 4, "results": [
              {"wrapperType": "track", "artistName": "A", "collectionName": "One",
               "artworkUrl100": "https://example.com/1/100x100bb.jpg", "trackName": "x"},
              {"wrapperType": "track", "artistName": "A", "collectionName": "One",
               "artworkUrl100": "https://example.com/1/100x100bb.jpg", "trackName": "y"},
              {"wrapperType": "collection", "artistName": "B", "collectionName": "Two",
               "artworkUrl100": "https://example.com/2/100x100bb.jpg"},
              {"wrapperType": "collection", "artistName": "C"}
            ]}
            """.utf8)
        let albums = try ITunesSearchClient.decodeAlbums(from: body)
        #expect(albums.map(\.title) == ["One", "Two"])
        #expect(albums[0].artworkURL == URL(string: "https://example.com/1/100x100bb.jpg"))
    }

    @Test func aResultOfTheWrongShapeIsSkippedAndTheOthersKept() throws {
        let good = (1...20).map {
            #"{"artistName": "A\#($0)", "collectionName": "T\#($0)", "artworkUrl100": "https://example.com/\#($0).jpg"}"#
        }
        let odd = [
            #"{"artistName": 5, "collectionName": "Bad", "artworkUrl100": "https://example.com/x.jpg"}"#,
            #"{"artistName": "B", "collectionName": ["list"], "artworkUrl100": "https://example.com/y.jpg"}"#,
            "7", "null",
        ]
        let body = Data(#"{"results": [\#((odd + good).joined(separator: ", "))]}"#.utf8)
        let albums = try ITunesSearchClient.decodeAlbums(from: body)
        #expect(albums.map(\.title) == (1...20).map { "T\($0)" })
    }

    @Test func rejectsABodyThatIsNotJSON() {
        #expect(throws: AlbumSourceError(.malformedResponse(detail: "not valid JSON"))) {
            try ITunesSearchClient.decodeAlbums(from: Data("<html>oops</html>".utf8))
        }
    }

    @Test func rejectsJSONWithoutResults() {
        #expect(throws: AlbumSourceError(.malformedResponse(detail: "no \"results\" field"))) {
            try ITunesSearchClient.decodeAlbums(from: Data(#"{"resultCount": 0}"#.utf8))
        }
    }

    @Test func searchURLAsksForMusicAlbumsOfTheCategory() {
        let client = ITunesSearchClient(baseURL: URL(string: "http://127.0.0.1:9/api")!)
        let url = client.searchURL(for: .rock).absoluteString
        #expect(url == "http://127.0.0.1:9/api/search?term=Rock&media=music&entity=album&limit=50")
    }

    @Test func errorsSayWhatHappened() {
        #expect(AlbumSourceError(.httpStatus(503)).description.contains("503"))
        #expect(AlbumSourceError(.timedOut(seconds: 4)).description.contains("within 4 seconds."))
        #expect(AlbumSourceError(.timedOut(seconds: 1)).description.contains("within 1 second."))
        #expect(AlbumSourceError(.timedOut(seconds: 4)).isConnectivityProblem)
        #expect(!AlbumSourceError(.httpStatus(503)).isConnectivityProblem)
    }
}
