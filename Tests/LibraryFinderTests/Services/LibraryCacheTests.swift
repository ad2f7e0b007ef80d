import Foundation
import Testing

@testable import LibraryFinderCore

@Suite struct LibraryCacheTests {
    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [Fixtures.library(id: "1", short: "明徳館")]

    @Test func returnsNothingBeforeAnythingWasSaved() throws {
        let cache = LibraryCache(directory: try TemporaryDirectory.make().appendingPathComponent("absent"))
        #expect(cache.load(for: LibraryQuery()) == nil)
    }

    @Test func keepsOneListPerQueryWithItsFetchTime() throws {
        let cache = LibraryCache(directory: try TemporaryDirectory.make().appendingPathComponent("new/dir"))
        let akita = LibraryQuery()
        let tokyo = LibraryQuery(prefecture: "東京都", city: "千代田区")
        let tokyoLibraries = [Fixtures.library(id: "2", short: "日比谷", city: "千代田区")]
        try cache.save(libraries, for: akita, fetchedAt: fetchedAt)
        try cache.save(tokyoLibraries, for: tokyo, fetchedAt: fetchedAt.addingTimeInterval(60))
        #expect(cache.load(for: akita)?.libraries == libraries)
        #expect(cache.load(for: akita)?.fetchedAt == fetchedAt)
        #expect(cache.load(for: tokyo)?.libraries == tokyoLibraries)
        #expect(cache.load(for: tokyo)?.fetchedAt == fetchedAt.addingTimeInterval(60))
        #expect(cache.load(for: LibraryQuery(prefecture: "東京都")) == nil)
    }

    @Test func sharesAnAnswerBetweenQueriesThatDifferOnlyAfterTheRequest() throws {
        let cache = LibraryCache(directory: try TemporaryDirectory.make())
        try cache.save(libraries, for: LibraryQuery(categories: [.university]), fetchedAt: fetchedAt)
        #expect(cache.load(for: LibraryQuery(categories: [.local]))?.libraries == libraries)
        #expect(cache.load(for: LibraryQuery(limit: 3)) == nil)
    }

    @Test func replacesTheListOnTheNextSave() throws {
        let cache = LibraryCache(directory: try TemporaryDirectory.make())
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        try cache.save([], for: LibraryQuery(), fetchedAt: fetchedAt.addingTimeInterval(1))
        #expect(cache.load(for: LibraryQuery())?.libraries == [])
    }

    @Test func treatsAnUnreadableFileAsAMiss() throws {
        let cache = LibraryCache(directory: try TemporaryDirectory.make())
        let key = LibraryCache.requestKey(for: LibraryQuery())
        try Data("{not json".utf8).write(to: cache.fileURL(forKey: key))
        #expect(cache.load(for: LibraryQuery()) == nil)
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        #expect(cache.load(for: LibraryQuery())?.libraries == libraries)
    }

    @Test func usesXDGCacheHomeThenHome() {
        let xdg = LibraryCache.defaultDirectory(environment: [
            "XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u",
        ])
        #expect(xdg?.path == "/x/cache/library-finder")
        #if !canImport(Darwin)
            let home = LibraryCache.defaultDirectory(environment: [
                "XDG_CACHE_HOME": "relative", "HOME": "/home/u",
            ])
            #expect(home?.path == "/home/u/.cache/library-finder")
            #expect(LibraryCache.defaultDirectory(environment: [:]) == nil)
        #endif
    }

    @Test func keysTheCacheByTheRequestParameters() {
        let query = LibraryQuery(
            prefecture: "秋田県", city: "秋田市", systemID: "Akita_Akita",
            near: Coordinate(longitude: 140.1, latitude: 39.7), limit: 5)
        #expect(
            LibraryCache.requestKey(for: query)
                == "pref=秋田県&city=秋田市&systemid=Akita_Akita&geocode=140.1,39.7&limit=5")
    }
}
