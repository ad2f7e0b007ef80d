import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

@Suite struct CorruptFileTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    var url: URL { directory.file("settings.json") }

    func file(version: Int = 2) -> PersistedFile<Settings> {
        PersistedFile(
            url: url, schemaVersion: version, whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
    }

    /// Loads, then checks the common outcome: `nil`, one problem of `kind` naming the file, the
    /// original moved next to it unchanged, nothing left at the original path.
    func expectMovedAside(
        _ contents: String, kind: PersistenceError.Kind, reasonContains: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try Data(contents.utf8).write(to: url)
        #expect(try file().load() == nil, sourceLocation: sourceLocation)
        let problem = try #require(problems.all.first, sourceLocation: sourceLocation)
        #expect(problems.all.count == 1, sourceLocation: sourceLocation)
        #expect(problem.kind == kind, sourceLocation: sourceLocation)
        #expect(problem.fileURL == url, sourceLocation: sourceLocation)
        #expect(
            problem.reason.contains(reasonContains), "reason: \(problem.reason)",
            sourceLocation: sourceLocation)
        let movedTo = try #require(problem.movedAsideTo, sourceLocation: sourceLocation)
        #expect(movedTo.deletingLastPathComponent() == directory.url, sourceLocation: sourceLocation)
        #expect(movedTo.lastPathComponent.hasPrefix("settings.json.moved-"), sourceLocation: sourceLocation)
        #expect(try Data(contentsOf: movedTo).text == contents, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: url.path), sourceLocation: sourceLocation)
        #expect(problem.message.contains(url.path), sourceLocation: sourceLocation)
        #expect(problem.message.contains(movedTo.path), sourceLocation: sourceLocation)
        #expect(problem.message.contains("started from its defaults"), sourceLocation: sourceLocation)
    }

    @Test func truncatedJSONIsMovedAside() throws {
        try expectMovedAside(
            #"{"schemaVersion": 2, "value": {"category": "anim"#, kind: .notJSON,
            reasonContains: "end of file")
    }

    @Test func anEmptyFileIsMovedAside() throws {
        try expectMovedAside("", kind: .notJSON, reasonContains: "the file is empty")
    }

    @Test func jsonWithoutAnEnvelopeIsMovedAside() throws {
        try expectMovedAside(
            #"{"category": "animals", "bestScores": []}"#, kind: .wrongShape,
            reasonContains: "missing key \"schemaVersion\"")
    }

    @Test func aValueOfTheWrongShapeIsMovedAside() throws {
        try expectMovedAside(
            #"{"schemaVersion": 2, "value": {"category": 12, "bestScores": []}}"#, kind: .wrongShape,
            reasonContains: "expected a string at value.category")
    }

    @Test func aFileFromANewerVersionIsLeftInPlaceWithAdviceToUpdate() throws {
        let contents = #"{"schemaVersion": 3, "value": {"category": "animals", "bestScores": []}}"#
        try Data(contents.utf8).write(to: url)
        let error = try #require(thrownError(PersistenceError.self) { try file().load() })
        #expect(error.kind == .newerVersion)
        #expect(error.reason == "schema version 3; this version reads up to 2")
        #expect(error.message.contains("use the newer version of the app"))
        #expect(error.movedAsideTo == nil)
        #expect(try Data(contentsOf: url).text == contents)
        #expect(problems.all.isEmpty)
    }

    @Test func aVersionBelowOneIsMovedAside() throws {
        try expectMovedAside(
            #"{"schemaVersion": 0, "value": {}}"#, kind: .wrongShape,
            reasonContains: "schema version 0 is below 1")
    }

    @Test func afterMovingAsideTheAppSavesAFreshFile() throws {
        try Data("garbage".utf8).write(to: url)
        let file = file()
        #expect(try file.load() == nil)
        let fresh = Settings(category: "fresh", bestScores: [], lastPlayed: nil)
        try file.save(fresh)
        #expect(try file.load() == fresh)
        #expect(problems.all.count == 1)
    }

    @Test func updateMovesACorruptFileAsideAndStartsFromNil() throws {
        try Data("garbage".utf8).write(to: url)
        let written = try file().update { value in
            #expect(value == nil)
            value = Settings(category: "fresh", bestScores: [1], lastPlayed: nil)
        }
        #expect(written?.category == "fresh")
        let movedTo = try #require(problems.all.first?.movedAsideTo)
        #expect(try Data(contentsOf: movedTo).text == "garbage")
    }

    @Test func repeatedBadFilesAreAllKept() throws {
        for round in 0..<3 {
            try Data("bad \(round)".utf8).write(to: url)
            #expect(try file().load() == nil)
        }
        let moved = Set(problems.all.compactMap(\.movedAsideTo))
        #expect(moved.count == 3)
        let contents = try Set(moved.map { try Data(contentsOf: $0).text })
        #expect(contents == ["bad 0", "bad 1", "bad 2"])
    }

    @Test func movingAsideNeverReplacesAnExistingFile() throws {
        let source = directory.file("source")
        let taken = directory.file("taken")
        try Data("new".utf8).write(to: source)
        try Data("old".utf8).write(to: taken)
        #expect(try POSIX.moveWithoutReplacing(source.path, to: taken.path) == false)
        #expect(try Data(contentsOf: taken).text == "old")
        #expect(try Data(contentsOf: source).text == "new")
    }

    @Test func theTimestampSuffixIsSortableUTC() {
        #expect(
            PersistedFile<Settings>.timestamp(Date(timeIntervalSince1970: 1_795_000_000.5))
                == "20261118T110640.500Z")
    }
}
