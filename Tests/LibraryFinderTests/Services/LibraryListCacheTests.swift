import Foundation
import ReSwiftPersistence
import ReSwiftQuery
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The list query's persisted answers: one file, keyed by server and request, the user's only,
/// a bad one set aside and a newer one left alone.
@Suite struct LibraryListCacheTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    private let libraries = [Fixtures.library(id: "1", short: "明徳館")]
    private let server = "https://api.calil.jp"

    private func snapshot(_ query: LibraryQuery = LibraryQuery()) -> ListCache.Snapshot {
        QuerySnapshot(answers: [query.listKey(server: server): .init(value: libraries, fetched: fetchedAt)])
    }

    @Test func startsEmptyBeforeAnythingWasSaved() throws {
        let file = LibraryList.cacheFile(
            directory: try temporary.newFolder().appendingPathComponent("absent"))
        let lists: QueryState<LibraryListKey, [Library]> = file.restoreQueryState()
        #expect(lists.entries.isEmpty)
        #expect(lists.restoreProblem == nil)
    }

    @Test func sharesAnAnswerBetweenQueriesThatDifferOnlyAfterTheRequest() {
        #expect(
            LibraryQuery(categories: [.university]).listKey(server: server)
                == LibraryQuery(categories: [.local]).listKey(server: server))
        #expect(
            LibraryQuery(limit: 3, categories: [.local]).listKey(server: server)
                == LibraryQuery().listKey(server: server))
        #expect(LibraryQuery(limit: 3).listKey(server: server) != LibraryQuery().listKey(server: server))
        #expect(
            LibraryQuery(prefecture: "東京都").listKey(server: server) != LibraryQuery().listKey(server: server))
    }

    @Test func setsABadFileAsideWithANoticeAndRebuilds() throws {
        let notices = Collected<PersistenceError>()
        let file = LibraryList.cacheFile(directory: try temporary.newFolder(), problemHandler: notices.append)
        try Data("{not json".utf8).write(to: file.url)
        let lists: QueryState<LibraryListKey, [Library]> = file.restoreQueryState()
        #expect(lists.entries.isEmpty)
        let notice = try #require(notices.all.first)
        let movedTo = try #require(notice.movedAsideTo)
        #expect(movedTo.lastPathComponent.hasPrefix(file.url.lastPathComponent + ".moved-"))
        #expect(notice.message.contains("It was moved to \(movedTo.path)"))
        #expect(try String(contentsOf: movedTo, encoding: .utf8) == "{not json")
        try file.save(snapshot())
        #expect(try file.load() == snapshot())
        #expect(notices.all.count == 1)
    }

    @Test func aFileFromANewerVersionIsReportedAndLeftInPlace() throws {
        let file = LibraryList.cacheFile(directory: try temporary.newFolder())
        try Data(#"{"schemaVersion": 9, "value": {}}"#.utf8).write(to: file.url)
        let lists: QueryState<LibraryListKey, [Library]> = file.restoreQueryState()
        #expect(lists.entries.isEmpty)
        #expect(lists.restoreProblem != nil)
        #expect(try String(contentsOf: file.url, encoding: .utf8) == #"{"schemaVersion": 9, "value": {}}"#)
    }

    @Test func cacheFilesAreTheUsersOnly() throws {
        let directory = try temporary.newFolder().appendingPathComponent("cache")
        let file = LibraryList.cacheFile(directory: directory)
        try file.save(snapshot())
        let permissions = { (url: URL) in
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?
                .intValue
        }
        #expect(try permissions(file.url) == 0o600)
        #expect(try permissions(directory).map { $0 & 0o077 } == 0)
    }

    @Test func anotherRunsAnswersAreKeptAndTheLaterAnswerWins() {
        let tokyo = LibraryQuery(prefecture: "東京都").listKey(server: server)
        let akita = LibraryQuery().listKey(server: server)
        let theirs = ListCache.Snapshot(answers: [
            tokyo: .init(value: [], fetched: fetchedAt),
            akita: .init(value: [], fetched: fetchedAt.addingTimeInterval(60)),
        ])
        var ours = snapshot()
        var merged = ListCache.merge(PersistenceConflict(base: nil, ours: ours, theirs: theirs))
        #expect(merged.answers[tokyo] != nil)
        #expect(merged.answers[akita]?.value == [], "theirs is later")
        ours.answers[akita]?.fetched = fetchedAt.addingTimeInterval(120)
        merged = ListCache.merge(PersistenceConflict(base: nil, ours: ours, theirs: theirs))
        #expect(merged.answers[akita]?.value == libraries)
    }

    @Test func isReSwiftPersistencesCacheFolder() {
        for environment in [
            ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"],
            ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"],
        ] {
            #expect(
                LibraryList.defaultDirectory(environment: environment)
                    == PersistenceDirectories.cache(appName: "library-finder", environment: environment))
        }
    }

    @Test func tellsServersApartWithoutKeepingCredentialsOrQueries() {
        let key = LibraryList.serverKey(
            for: URL(string: "https://someone:s3cret@API.Calil.jp:443/v1/?appkey=k3y#part")!)
        #expect(key == "https://api.calil.jp/v1")
        #expect(LibraryList.serverKey(for: URL(string: "http://127.0.0.1:8080")!) == "http://127.0.0.1:8080")
        #expect(LibraryList.serverKey(for: URL(string: "HTTP://127.0.0.1:8080/")!) == "http://127.0.0.1:8080")
        #expect(LibraryList.serverKey(for: URL(string: "https://api.calil.jp/")!) == "https://api.calil.jp")
    }
}
