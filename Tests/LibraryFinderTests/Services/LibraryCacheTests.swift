import Foundation
import ReSwiftPersistence
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

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

    @Test func isReSwiftPersistencesCacheFolder() {
        for environment in [
            ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"],
            ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"],
        ] {
            #expect(
                LibraryCache.defaultDirectory(environment: environment)
                    == PersistenceDirectories.cache(appName: "library-finder", environment: environment))
        }
        #if !canImport(Darwin)
            #expect(
                LibraryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache"]).path
                    == "/x/cache/library-finder")
            #expect(
                LibraryCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])
                    .path
                    == "/home/u/.cache/library-finder")
        #endif
    }

    @Test func neverAnswersForAServerOtherThanTheOneThatSentTheList() throws {
        let directory = try temporary.newFolder()
        let loopback = LibraryCache(directory: directory, server: URL(string: "http://127.0.0.1:8080")!)
        let calil = LibraryCache(directory: directory, server: URL(string: "https://api.calil.jp")!)
        try loopback.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        #expect(calil.load(for: LibraryQuery()) == nil)
        #expect(loopback.load(for: LibraryQuery())?.libraries == libraries)
        let sameServer = LibraryCache(directory: directory, server: URL(string: "HTTP://127.0.0.1:8080/")!)
        #expect(sameServer.load(for: LibraryQuery())?.libraries == libraries)
        #expect(loopback.fileURL(forKey: "pref=秋田県") != calil.fileURL(forKey: "pref=秋田県"))
    }

    @Test func tellsServersApartWithoutKeepingCredentialsOrQueries() {
        let key = LibraryCache.serverKey(
            for: URL(string: "https://someone:s3cret@API.Calil.jp:443/v1/?appkey=k3y#part")!)
        #expect(key == "https://api.calil.jp/v1")
        #expect(LibraryCache.serverKey(for: URL(string: "http://127.0.0.1:8080")!) == "http://127.0.0.1:8080")
        #expect(LibraryCache.serverKey(for: URL(string: "https://api.calil.jp/")!) == "https://api.calil.jp")
    }

    /// The cache before it was keyed by server: the same envelope, no `server`, and a file name
    /// hashed from the request alone.
    private struct ListWithoutServer: Codable {
        var request: String
        var fetchedAt: Date
        var libraries: [Library]
    }

    private func writeListWithoutServer(to url: URL) throws {
        let file = PersistedFile<ListWithoutServer>(url: url, whenUnusable: .refuse)
        try file.save(ListWithoutServer(request: "pref=秋田県", fetchedAt: fetchedAt, libraries: libraries))
    }

    @Test func aFileWithoutTheServerIsASilentMissLeftAsItIs() throws {
        let notices = Collected<PersistenceError>()
        let cache = LibraryCache(directory: try temporary.newFolder(), problemHandler: notices.append)
        let url = cache.fileURL(forKey: LibraryCache.requestKey(for: LibraryQuery()))
        try writeListWithoutServer(to: url)
        let before = try Data(contentsOf: url)
        #expect(cache.load(for: LibraryQuery()) == nil)
        #expect(notices.all.isEmpty)
        #expect(try Data(contentsOf: url) == before)
        try cache.save(libraries, for: LibraryQuery(), fetchedAt: fetchedAt)
        #expect(cache.load(for: LibraryQuery())?.libraries == libraries)
        #expect(notices.all.isEmpty)
    }

    @Test func theFilesWrittenBeforeTheServerKeyAreNeitherReadNorTouched() throws {
        let directory = try temporary.newFolder()
        let cache = LibraryCache(directory: directory)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "pref=秋田県".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let old = directory.appendingPathComponent(
            "libraries-" + String(repeating: "0", count: 16 - hex.count) + hex + ".v2.json")
        try writeListWithoutServer(to: old)
        let before = try Data(contentsOf: old)
        #expect(cache.fileURL(forKey: "pref=秋田県") != old)
        #expect(cache.load(for: LibraryQuery()) == nil)
        try cache.save([], for: LibraryQuery(), fetchedAt: fetchedAt)
        #expect(try Data(contentsOf: old) == before)
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
