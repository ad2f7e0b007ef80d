import Foundation
import ReSwiftPersistence
import TestSupport
import Testing

@testable import LibraryFinderCore

@Suite struct LibraryCacheTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [Fixtures.library(id: "1", short: "明徳館")]

    @Test func returnsNothingBeforeAnythingWasSaved() throws {
        let cache = LibraryCache(directory: try temporary.newFolder().appendingPathComponent("absent"))
        #expect(cache.load(for: LibraryQuery()) == nil)
    }

    @Test func keepsOneListPerQueryWithItsFetchTime() throws {
        let cache = LibraryCache(directory: try temporary.newFolder().appendingPathComponent("new/dir"))
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
        let cache = LibraryCache(directory: try temporary.newFolder())
        try cache.save(libraries, for: LibraryQuery(categories: [.university]), fetchedAt: fetchedAt)
        #expect(cache.load(for: LibraryQuery(categories: [.local]))?.libraries == libraries)
        #expect(cache.load(for: LibraryQuery(limit: 3)) == nil)
    }

    @Test func replacesTheListOnTheNextSave() throws {
        let cache = LibraryCache(directory: try temporary.newFolder())
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        try cache.save([], for: LibraryQuery(), fetchedAt: fetchedAt.addingTimeInterval(1))
        #expect(cache.load(for: LibraryQuery())?.libraries == [])
    }

    @Test func setsABadFileAsideWithANoticeAndRebuilds() throws {
        let notices = Collected<PersistenceError>()
        let cache = LibraryCache(directory: try temporary.newFolder(), problemHandler: notices.append)
        let url = cache.fileURL(forKey: LibraryCache.requestKey(for: LibraryQuery()))
        try Data("{not json".utf8).write(to: url)
        #expect(cache.load(for: LibraryQuery()) == nil)
        let notice = try #require(notices.all.first)
        let movedTo = try #require(notice.movedAsideTo)
        #expect(movedTo.lastPathComponent.hasPrefix(url.lastPathComponent + ".moved-"))
        #expect(notice.message.contains("It was moved to \(movedTo.path)"))
        #expect(try String(contentsOf: movedTo, encoding: .utf8) == "{not json")

        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        #expect(cache.load(for: LibraryQuery())?.libraries == libraries)
        #expect(notices.all.count == 1)
    }

    @Test func aFileFromANewerVersionIsAMissLeftInPlace() throws {
        let notices = Collected<PersistenceError>()
        let cache = LibraryCache(directory: try temporary.newFolder(), problemHandler: notices.append)
        let url = cache.fileURL(forKey: LibraryCache.requestKey(for: LibraryQuery()))
        try Data(#"{"schemaVersion": 9, "value": {}}"#.utf8).write(to: url)
        #expect(cache.load(for: LibraryQuery()) == nil)
        #expect(notices.all.map(\.kind) == [.newerVersion])
        #expect(try String(contentsOf: url, encoding: .utf8) == #"{"schemaVersion": 9, "value": {}}"#)
    }

    @Test func cacheFilesAreTheUsersOnly() throws {
        let directory = try temporary.newFolder().appendingPathComponent("cache")
        let cache = LibraryCache(directory: directory)
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        let file = cache.fileURL(forKey: LibraryCache.requestKey(for: LibraryQuery()))
        let permissions = { (url: URL) in
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?
                .intValue
        }
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(directory).map { $0 & 0o077 } == 0)
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
