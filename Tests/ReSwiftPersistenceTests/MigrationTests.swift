import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

@Suite struct MigrationTests {
    /// Version 1 stored `{"name": …}`; version 2 renamed it `title`; version 3 added `priority`.
    struct TodoV2: Codable, Sendable { var title: String }
    struct TodoV3: Codable, Equatable, Sendable {
        var title: String
        var priority: Int
    }

    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    let renameTitle = Migration(from: 1) { json in
        guard var items = json.arrayValue else { return }
        for index in items.indices {
            items[index]["title"] = items[index]["name"]
            items[index]["name"] = nil
        }
        json = .array(items)
    }

    let addPriority = Migration(from: 2, decoding: [TodoV2].self) { old in
        old.map { TodoV3(title: $0.title, priority: 0) }
    }

    func write(_ text: String, to name: String = "todos.json") throws -> URL {
        let url = directory.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aVersionOneFileRunsBothStepsInOrder() throws {
        let url = try write(#"{"schemaVersion": 1, "value": [{"name": "Buy milk"}, {"name": "Call Ana"}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3, migrations: [addPriority, renameTitle],
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        #expect(
            try file.load() == [
                TodoV3(title: "Buy milk", priority: 0), TodoV3(title: "Call Ana", priority: 0),
            ])
        #expect(problems.all.isEmpty)
    }

    @Test func aVersionTwoFileRunsOnlyTheLastStep() throws {
        let url = try write(#"{"schemaVersion": 2, "value": [{"title": "Buy milk"}]}"#)
        let recorder = Collected<Int>()  // the migration steps that ran, in order
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3,
            migrations: [
                Migration(from: 1) { _ in recorder.append(1) },
                Migration(from: 2) { json in
                    recorder.append(2)
                    json[0]?["priority"] = 7
                },
            ],
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        #expect(try file.load() == [TodoV3(title: "Buy milk", priority: 7)])
        #expect(recorder.all == [2])
    }

    @Test func loadingDoesNotRewriteTheFileButTheNextSaveWritesTheCurrentVersion() throws {
        let original = #"{"schemaVersion": 1, "value": [{"name": "Buy milk"}]}"#
        let url = try write(original)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3, migrations: [renameTitle, addPriority],
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        let loaded = try #require(try file.load())
        #expect(try Data(contentsOf: url).text == original)

        try file.save(loaded)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 3)
    }

    @Test func updateMigratesBeforeTransforming() throws {
        let url = try write(#"{"schemaVersion": 1, "value": [{"name": "old"}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3, migrations: [renameTitle, addPriority],
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        try file.update { todos in todos?.append(TodoV3(title: "new", priority: 1)) }
        #expect(try file.load()?.map(\.title) == ["old", "new"])
    }

    @Test func aMissingStepMovesTheFileAsideAndSaysWhichStep() throws {
        let url = try write(#"{"schemaVersion": 1, "value": [{"name": "Buy milk"}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3, migrations: [addPriority], whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
        #expect(try file.load() == nil)
        let problem = try #require(problems.all.first)
        #expect(problems.all.count == 1)
        #expect(problem.kind == .migrationFailed)
        #expect(problem.reason.contains("no migration from version 1 to 2"))
        let movedTo = try #require(problem.movedAsideTo)
        #expect(try Data(contentsOf: movedTo).text.contains("Buy milk"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aThrowingStepMovesTheFileAsideWithItsError() throws {
        struct Unsupported: Error, CustomStringConvertible {
            var description: String { "items without names" }
        }
        let url = try write(#"{"schemaVersion": 1, "value": [{}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 2,
            migrations: [Migration(from: 1) { _ in throw Unsupported() }],
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        #expect(try file.load() == nil)
        let problem = try #require(problems.all.first)
        #expect(problem.kind == .migrationFailed)
        #expect(problem.reason.contains("from version 1 to 2 failed: items without names"))
        #expect(problem.underlyingError is Unsupported)
        #expect(problem.movedAsideTo != nil)
    }

    @Test func aMigratedValueThatStillDoesntDecodeIsMovedAside() throws {
        let url = try write(#"{"schemaVersion": 1, "value": [{"name": "x"}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 2, migrations: [renameTitle], whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
        #expect(try file.load() == nil)
        let problem = try #require(problems.all.first)
        #expect(problem.kind == .wrongShape)
        #expect(problem.reason.contains("after migrating from version 1"))
        #expect(problem.reason.contains("missing key \"priority\""))
    }

    @Test func aTypedMigrationReportsAnOldValueItCantDecode() throws {
        let url = try write(#"{"schemaVersion": 2, "value": [{"name": "not a title"}]}"#)
        let file = PersistedFile<[TodoV3]>(
            url: url, schemaVersion: 3, migrations: [addPriority], whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
        #expect(try file.load() == nil)
        #expect(problems.all.first?.kind == .migrationFailed)
        #expect(problems.all.first?.underlyingError is DecodingError)
    }
}
