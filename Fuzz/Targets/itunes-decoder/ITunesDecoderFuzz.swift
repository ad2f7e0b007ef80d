// fuzz-modules: MemoryGameModel
//
// memory-game reads the iTunes Search API's reply with ITunesSearchClient.decodeAlbums(from:).
// Any body may come back (a proxy's HTML page, a truncated reply, a hostile server): it must
// become albums or an AlbumSourceError whose message can be built, never a crash.

import Foundation
import MemoryGameModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzITunesDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    do {
        let albums = try ITunesSearchClient.decodeAlbums(from: body)
        let artworks = Set(albums.compactMap(\.artworkURL))
        precondition(artworks.count == albums.count, "decodeAlbums kept two albums with one artwork URL")
    } catch {
        _ = String(describing: error)
    }
    return 0
}
