import Foundation
import ReSwiftPersistence
import ReSwiftQuery
import TestSupport
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The cache folder kept tidy: the former per-request cache files are swept, set-aside copies of
/// a damaged `libraries.json` don't pile up, and a damaged cache is told as a cache.
@Suite struct LibraryListCacheSweepTests {
    /// The folders the test's caches go in, removed after the test (with the suite's instance).
    private let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory(prefix: "library-finder-tests")
    }

    private func touch(_ folder: URL, _ names: [String]) throws {
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
    }

    private func names(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test func theFormerCachesFilesAreSweptOnceAndNothingElse() throws {
        let folder = try temporary.newFolder()
        let former = [
            "libraries-0123456789abcdef.v2.json", "libraries-0123456789abcdef.v2.json.lock",
            "libraries-00000000000000ff.v2.json.moved-20261201T101500.123Z",
            "libraries-00000000000000ff.v2.json.moved-20261201T101500.123Z-2",
        ]
        let kept = [
            "libraries.json", "libraries.json.lock", "notes.txt", "libraries-0123456789ABCDEF.v2.json",
            "libraries-0123.v2.json", "libraries-0123456789abcdef.v2.json.bak",
            "libraries-0123456789abcdef.json",
            "libraries-0123456789abcdef.v2.json.moved-later", "xlibraries-0123456789abcdef.v2.json",
        ]
        try touch(folder, former + kept)
        // A link with a matching name is not the app's file: neither it nor its target goes.
        let outside = try temporary.newFolder().appendingPathComponent("precious")
        try Data("keep".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("libraries-fedcba9876543210.v2.json"),
            withDestinationURL: outside)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("libraries-1111111111111111.v2.json"),
            withIntermediateDirectories: false)
        #expect(Set(ListCache.sweep(directory: folder)) == Set(former))
        #expect(
            try names(folder)
                == Set(kept + ["libraries-fedcba9876543210.v2.json", "libraries-1111111111111111.v2.json"]))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep")
        #expect(ListCache.sweep(directory: folder).isEmpty)
        #expect(ListCache.sweep(directory: folder.appendingPathComponent("absent")).isEmpty)
    }

    @Test func onlyTheLatestSetAsideCopyOfTheCacheIsKept() throws {
        let folder = try temporary.newFolder()
        try touch(
            folder,
            [
                "libraries.json.moved-20261204T090000.000Z", "libraries.json.moved-20261204T231500.123Z",
                "libraries.json.moved-20261204T231500.123Z-2", "libraries.json.moved-20261130T235959.999Z",
                "libraries.json",
            ])
        ListCache.sweep(directory: folder)
        #expect(try names(folder) == ["libraries.json", "libraries.json.moved-20261204T231500.123Z-2"])
    }

    @Test func aDamagedCacheIsToldAsACacheFetchedAgainNotDataToRecover() throws {
        let notices = Collected<PersistenceError>()
        let file = LibraryList.cacheFile(directory: try temporary.newFolder(), problemHandler: notices.append)
        try Data("{not json".utf8).write(to: file.url)
        let _: QueryState<LibraryListKey, [Library]> = file.restoreQueryState()
        let problem = try #require(notices.all.first)
        let notice = ListCache.notice(for: problem)
        #expect(notice.contains("The cached library lists in \(file.url.path) were unreadable"))
        #expect(notice.contains("being fetched again"))
        #expect(notice.contains("moved to \(try #require(problem.movedAsideTo).path)"))
        #expect(!notice.contains("recover"))
    }
}
