import Foundation
import TestSupport
import Testing

@testable import ReSwiftPersistence

@Suite struct PersistedFileRoundTripTests {
    let directory: TemporaryDirectory
    let problems = Collected<PersistenceError>()

    init() throws { directory = try TemporaryDirectory() }

    func settingsFile(_ name: String = "settings.json", version: Int = 1) -> PersistedFile<Settings> {
        PersistedFile(
            url: directory.file(name), schemaVersion: version, whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
    }

    @Test func loadWithoutFileReturnsNilAndCreatesNothing() throws {
        let file = PersistedFile<Settings>(
            url: directory.url.appendingPathComponent("missing/folder/settings.json"),
            whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        #expect(try file.load() == nil)
        #expect(try directory.contents().isEmpty)
        #expect(problems.all.isEmpty)
    }

    @Test func saveThenLoadGivesTheSameValue() throws {
        let file = settingsFile()
        let value = Settings(
            category: "animals", bestScores: [3, 5, 8],
            lastPlayed: Date(timeIntervalSince1970: 1_800_000_000.25))
        try file.save(value)
        #expect(try file.load() == value)
        #expect(try settingsFile().load() == value)  // a second handle reads the same file
        #expect(problems.all.isEmpty)
    }

    @Test func saveCreatesTheFolderAndWritesAVersionedEnvelope() throws {
        let url = directory.url.appendingPathComponent("app/data/settings.json")
        let file = PersistedFile<Settings>(
            url: url, schemaVersion: 3, whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        try file.save(Settings(category: "food", bestScores: [], lastPlayed: nil))

        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 3)
        let value = try #require(object["value"] as? [String: Any])
        #expect(value["category"] as? String == "food")
        #expect(Set(object.keys) == ["schemaVersion", "value"])
    }

    @Test func saveReplacesTheValueAndLeavesNoTemporaryFiles() throws {
        let file = settingsFile()
        try file.save(Settings(category: "a", bestScores: [1], lastPlayed: nil))
        try file.save(Settings(category: "b", bestScores: [2], lastPlayed: nil))
        #expect(try file.load()?.category == "b")
        #expect(try directory.contents() == ["settings.json", "settings.json.lock"])
    }

    @Test func aValueThatFailsToEncodeLeavesTheOldFileUntouched() throws {
        let url = directory.file("names.json")
        let good = PersistedFile<[String]>(
            url: url, whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        try good.save(["kept"])
        let before = try Data(contentsOf: url)

        let bad = PersistedFile<Unencodable>(
            url: url, whenUnusable: .setAsideAndRebuild, errorHandler: problems.append)
        let error = try #require(
            thrownError(PersistenceError.self) { try bad.save(Unencodable(name: "lost")) })
        #expect(error.kind == .writeFailed)
        #expect(error.message.contains("couldn't be encoded"))
        #expect(error.message.contains("previous contents of the file are unchanged"))
        #expect(error.message.contains("bug in the app"))
        #expect(try Data(contentsOf: url) == before)
        #expect(try directory.contents() == ["names.json", "names.json.lock"])
    }

    @Test func aFailedWriteThrowsAClearErrorAndKeepsTheOldFile() throws {
        // The folder can't be created because a plain file sits where it should be.
        let blocker = directory.file("blocker")
        try Data("x".utf8).write(to: blocker)
        let file = PersistedFile<Settings>(
            url: blocker.appendingPathComponent("settings.json"), whenUnusable: .setAsideAndRebuild,
            errorHandler: problems.append)
        let error = try #require(
            thrownError(PersistenceError.self) {
                try file.save(Settings(category: "a", bestScores: [], lastPlayed: nil))
            })
        #expect(error.kind == .writeFailed)
        #expect(error.fileURL == file.url)
        #expect(error.message.contains("Couldn't save \(file.url.path)"))
        #expect(error.message.contains("\(blocker.path) is a file, not a folder"))
        #expect(try Data(contentsOf: blocker).text == "x")
    }

    @Test func theNextSaveRemovesTemporaryFilesLeftByACrashedSave() throws {
        let file = settingsFile()
        try file.save(Settings(category: "a", bestScores: [], lastPlayed: nil))
        let leftover = directory.file(".settings.json.\(UUID().uuidString).tmp")
        try Data("{\"schemaVer".utf8).write(to: leftover)
        try age(leftover, by: 60)
        let unrelated = directory.file(".other.json.\(UUID().uuidString).tmp")
        try Data().write(to: unrelated)
        #expect(try file.load()?.category == "a")
        #expect(FileManager.default.fileExists(atPath: leftover.path), "loading only reads")
        try file.save(Settings(category: "b", bestScores: [], lastPlayed: nil))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func usingTheFileInsideItsOwnUpdateThrowsInsteadOfWaitingForever() throws {
        let file = settingsFile()
        try file.save(Settings(category: "a", bestScores: [], lastPlayed: nil))
        var inner: (any Error)?
        try file.update { value in
            do { try file.save(Settings(category: "c", bestScores: [], lastPlayed: nil)) } catch {
                inner = error
            }
            value?.category = "b"
        }
        let error = try #require(inner as? PersistenceError)
        #expect(error.kind == .lockFailed)
        #expect(error.message.contains("inside its own update"))
        #expect(try file.load()?.category == "b")  // and the lock is usable again afterwards
    }

    @Test func saveThroughASymbolicLinkReplacesTheTargetAndKeepsTheLink() throws {
        let target = directory.file("real.json")
        let link = directory.file("settings.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let file = settingsFile()
        try file.save(Settings(category: "linked", bestScores: [], lastPlayed: nil))
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(destination == target.path)
        #expect(
            try PersistedFile<Settings>(url: target, whenUnusable: .setAsideAndRebuild).load()?.category
                == "linked")
    }

    @Test func aLockThatCantBeTakenIsAClearErrorAndChangesNothing() throws {
        let file = settingsFile()
        try file.save(Settings(category: "kept", bestScores: [], lastPlayed: nil))
        try FileManager.default.removeItem(at: file.lockURL)
        try FileManager.default.createDirectory(at: file.lockURL, withIntermediateDirectories: false)
        let error = try #require(
            thrownError(PersistenceError.self) {
                try file.save(Settings(category: "lost", bestScores: [], lastPlayed: nil))
            })
        #expect(error.kind == .lockFailed)
        #expect(error.message.contains("Couldn't lock \(file.url.path)"))
        #expect(try Data(contentsOf: file.url).text.contains("kept"))
    }

    @Test func saveKeepsTheFilesPermissions() throws {
        let file = settingsFile()
        try file.save(Settings(category: "a", bestScores: [], lastPlayed: nil))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.url.path)
        try file.save(Settings(category: "b", bestScores: [], lastPlayed: nil))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func updateStartsFromNilAndReturnsTheValueWritten() throws {
        let file = settingsFile()
        let written = try file.update { value in
            #expect(value == nil)
            value = Settings(category: "new", bestScores: [1], lastPlayed: nil)
        }
        #expect(written?.category == "new")
        let second = try file.update { value in value?.bestScores.append(2) }
        #expect(second?.bestScores == [1, 2])
        #expect(try file.load()?.bestScores == [1, 2])
    }

    @Test func updateThatThrowsWritesNothing() throws {
        struct Cancelled: Error {}
        let file = settingsFile()
        try file.save(Settings(category: "kept", bestScores: [], lastPlayed: nil))
        #expect(throws: Cancelled.self) {
            try file.update { value in
                value?.category = "changed"
                throw Cancelled()
            }
        }
        #expect(try file.load()?.category == "kept")
    }

    @Test func updateToNilAndRemoveDeleteTheFile() throws {
        let file = settingsFile()
        try file.save(Settings(category: "a", bestScores: [], lastPlayed: nil))
        #expect(try file.update { $0 = nil } == nil)
        #expect(!FileManager.default.fileExists(atPath: file.url.path))

        try file.save(Settings(category: "b", bestScores: [], lastPlayed: nil))
        try file.remove()
        #expect(try file.load() == nil)
        try file.remove()  // nothing to remove is fine
    }

    @Test func defaultURLIsInTheAppsDataFolder() {
        let url = PersistedFile<Settings>.defaultURL(appName: "memory-game", fileName: "settings.json")
        #expect(url.lastPathComponent == "settings.json")
        #expect(url.deletingLastPathComponent() == PersistenceDirectories.data(appName: "memory-game"))
    }
}
